import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// `rkdebug testgen` end to end: the test it writes for each sample's recorded fixture session
/// builds unedited in a package that depends on this one, and passes; against a sample whose
/// reducer changed in one place, it fails at the action that change affects.
///
/// The test written for a session of ``Lookup`` (whose action carries `Result<Int, any Error>`)
/// builds beside a copy of `Lookup.swift` and passes: it receives each failure by its case path.
///
/// One scratch package (`.build/testgen-scratch`, kept between runs) holds both test targets,
/// so there is one build. The first one on a machine builds this package and its dependencies
/// again (a few minutes); reruns are incremental.
@Suite(.serialized) struct GeneratedTestBuildTests {
  /// The samples, by fixture file and the module name of their reducer's type.
  static let samples = ["counter", "todos", "search", "app", "library", "playlist"]

  /// The options that narrow a sample's test: the playlist's first 55 entries (15 actions
  /// sent, songs played by effects that change the shared songs with `withLock`, a favorite
  /// marked through the player's share), not all 390, which would add minutes to the build.
  static let ranges = ["playlist": ["--to", "55"]]

  static let fixtures = ScratchPackage.root
    .appendingPathComponent("Tests/ReducerKitSamplesTests/Fixtures")

  @Test(.timeLimit(.minutes(30)))
  func generatedTestsBuildAndPassAndAChangedReducerFailsAtItsAction() async throws {
    let package = try ScratchPackage(name: "testgen-scratch")
    var counterSource = ""
    for sample in Self.samples {
      let result = try RKDebugProcess.run([
        "testgen", "--db", Self.fixtures.appendingPathComponent("\(sample).sqlite").path,
        "--name", "\(sample)FixtureSession",
      ] + (Self.ranges[sample] ?? []))
      #expect(result.status == 0, "\(result.stderr)")
      // The playlist is registered with its file storage in memory, as a test has it anyway.
      #expect(
        result.stderr.isEmpty
          || sample == "playlist" && result.stderr.hasSuffix("test values instead\n"),
        "\(result.stderr)")
      try package.write(
        result.stdout, to: "Tests/GeneratedTests/\(sample.capitalized)SessionTests.swift")
      if sample == "counter" { counterSource = result.stdout }
    }

    // A test from the middle of the library's session: its first state has a pushed screen,
    // a `StackState` written `try fromJSON(…)`, so the state is made before the store (whose
    // `initialState` is a non-throwing autoclosure, as TCA's).
    let midSession = try RKDebugProcess.run([
      "testgen", "--db", Self.fixtures.appendingPathComponent("library.sqlite").path,
      "--from", "10", "--to", "12", "--name", "libraryMidSession",
    ])
    #expect(midSession.status == 0, "\(midSession.stderr)")
    #expect(midSession.stdout.contains("  let store = TestStore(initialState: initialState) {"))
    #expect(midSession.stdout.contains("    path: try fromJSON(#\""))
    try package.write(midSession.stdout, to: "Tests/GeneratedTests/LibraryMidSessionTests.swift")

    // A fresh recording of the playlist, in which another device renames songs in its file:
    // the test makes each storage change itself, through the store's share, where it happened.
    let scratch = try TemporaryDirectory()
    try PlaylistSessionTests.recordWithTheCLI(25, into: scratch)
    let synced = try RKDebugProcess.run(
      ["testgen", "--db", "p.sqlite", "--name", "playlistSyncedSession"], in: scratch.url)
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stdout.contains("changed by its storage .fileStorage("))
    try package.write(synced.stdout, to: "Tests/GeneratedTests/PlaylistSyncedSessionTests.swift")

    // The same test of the counter, against a copy of the samples whose delayed increment
    // adds two: it must fail at the first `receive(\.delayedIncrementResponse)`.
    try copySamples(into: package, mutating: "Counter/Counter.swift") { source in
      let original = """
        state.pendingIncrements = max(0, state.pendingIncrements - 1)
                state.count += 1
        """
      #expect(source.contains(original))
      return source.replacingOccurrences(
        of: original, with: original.replacingOccurrences(of: "+= 1", with: "+= 2"))
    }
    let mutatedSource = counterSource
      .replacingOccurrences(of: "import ReducerKitSamples", with: "import MutatedSamples")
      .replacingOccurrences(of: "counterFixtureSession", with: "mutatedCounterSession")
    try package.write(mutatedSource, to: "Tests/MutatedTests/MutatedCounterTests.swift")
    let lines = mutatedSource.components(separatedBy: "\n")
    let expectedLine = try #require(
      lines.firstIndex { $0.contains(#"await store.receive(\.delayedIncrementResponse)"#) }
    ) + 1

    try await writeLookupTest(into: package)
    try await writeStandupsTest(into: package)

    try package.write(Self.manifest, to: "Package.swift")
    let build = try await package.swift(["build", "--build-tests"])
    try #require(build.status == 0, "the scratch build failed:\n\(build.output.suffix(6000))")

    let generated = try await package.swift([
      "test", "--skip-build", "--filter", "GeneratedTests",
    ])
    #expect(generated.status == 0, "\(generated.output.suffix(6000))")
    #expect(generated.output.contains("libraryMidSession()"))
    #expect(generated.output.contains("playlistSyncedSession()"))
    for sample in Self.samples {
      #expect(generated.output.contains("\(sample)FixtureSession()"))
    }

    let lookup = try await package.swift(["test", "--skip-build", "--filter", "LookupTests"])
    #expect(lookup.status == 0, "\(lookup.output.suffix(6000))")
    #expect(lookup.output.contains("lookupSession()"))

    let standups = try await package.swift(["test", "--skip-build", "--filter", "StandupsTests"])
    #expect(standups.status == 0, "\(standups.output.suffix(6000))")
    #expect(standups.output.contains("standupsSession()"))

    let mutated = try await package.swift(["test", "--skip-build", "--filter", "MutatedTests"])
    #expect(mutated.status != 0)
    let firstIssue = mutated.output.firstMatch(of: /MutatedCounterTests\.swift:(\d+):/)
    #expect(
      firstIssue.map { Int($0.1) } == expectedLine,
      "expected the first failure at line \(expectedLine):\n\(mutated.output.prefix(4000))")
  }

  /// Copies the samples' sources into the `MutatedSamples` target, with the file at `path`
  /// changed by `change`. Their imports of libraries ReducerKit re-exports become
  /// `import ReducerKit`, as the scratch package does not depend on those packages itself.
  private func copySamples(
    into package: ScratchPackage, mutating path: String, _ change: (String) -> String
  ) throws {
    let samples = ScratchPackage.root.appendingPathComponent("Samples")
    let files = try FileManager.default.subpathsOfDirectory(atPath: samples.path)
    for file in files.sorted() where file.hasSuffix(".swift") {
      var source = try String(
        contentsOf: samples.appendingPathComponent(file), encoding: .utf8)
      for module in ["CasePaths", "Clocks", "IdentifiedCollections"] {
        source = source.replacingOccurrences(
          of: "import \(module)\n", with: "import ReducerKit\n")
      }
      if file == path { source = change(source) }
      try package.write(source, to: "Sources/MutatedSamples/\(file)")
    }
  }

  /// The `LookupTests` target: `Lookup.swift` and the test `testgen` writes for a session of
  /// it, which is in the same module (the feature's types are internal, as an app's are).
  @MainActor
  private func writeLookupTest(into package: ScratchPackage) async throws {
    let session = try await ResultSessionTests.record()
    let reader = try ActionLog.readOnly(path: session.log.path).reader()
    let test = try ResultSessionTests.feature.erased.testSource(
      for: reader,
      request: TestgenRequest(
        range: 1...reader.actionCount, testName: "lookupSession", logName: "log.sqlite"))
    // The copy's module is LookupTests, which Foundation's default localizedDescription of
    // RateLimited names.
    let source = test.source.replacingOccurrences(of: "import RKDebugCLITests\n", with: "")
      .replacingOccurrences(of: "RKDebugCLITests.RateLimited", with: "LookupTests.RateLimited")
    #expect(source.contains("LookupTests.RateLimited"))
    try package.write(source, to: "Tests/LookupTests/LookupSessionTests.swift")
    let feature = ScratchPackage.root.appendingPathComponent(
      "Tests/RKDebugCLITests/Support/Lookup.swift")
    try package.write(
      String(contentsOf: feature, encoding: .utf8), to: "Tests/LookupTests/Lookup.swift")
  }

  /// The `StandupsApp` target, `Standups.swift` with its internal types, and the
  /// `StandupsTests` target holding the test `testgen --testable` writes for a session of it,
  /// which reads them with `@testable import StandupsApp`, as an app's tests do.
  @MainActor
  private func writeStandupsTest(into package: ScratchPackage) async throws {
    let test = try await StandupsSessionTests.generatedTest()
    let source = test.source.replacingOccurrences(
      of: "@testable import RKDebugCLITests\n", with: "@testable import StandupsApp\n")
    #expect(source.contains("@testable import StandupsApp\n"))
    try package.write(source, to: "Tests/StandupsTests/StandupsSessionTests.swift")
    let feature = ScratchPackage.root.appendingPathComponent(
      "Tests/RKDebugCLITests/Support/Standups.swift")
    try package.write(
      String(contentsOf: feature, encoding: .utf8), to: "Sources/StandupsApp/Standups.swift")
  }

  static var manifest: String {
    """
    // swift-tools-version: 6.1
    // Written by GeneratedTestBuildTests: builds the tests `rkdebug testgen` writes.

    import PackageDescription

    let package = Package(
      name: "TestgenScratch",
      platforms: [.macOS(.v14)],
      dependencies: [.package(path: "\(ScratchPackage.root.path)")],
      targets: [
        .target(
          name: "MutatedSamples",
          dependencies: [.product(name: "ReducerKit", package: "\(ScratchPackage.identity)")]
        ),
        .testTarget(
          name: "GeneratedTests",
          dependencies: [
            .product(name: "ReducerKitSamples", package: "\(ScratchPackage.identity)"),
            .product(name: "ReducerKitTesting", package: "\(ScratchPackage.identity)"),
          ]
        ),
        .testTarget(
          name: "LookupTests",
          dependencies: [
            .product(name: "ReducerKitTesting", package: "\(ScratchPackage.identity)"),
          ]
        ),
        .target(
          name: "StandupsApp",
          dependencies: [.product(name: "ReducerKit", package: "\(ScratchPackage.identity)")]
        ),
        .testTarget(
          name: "StandupsTests",
          dependencies: [
            "StandupsApp",
            .product(name: "ReducerKitTesting", package: "\(ScratchPackage.identity)"),
          ]
        ),
        .testTarget(
          name: "MutatedTests",
          dependencies: [
            "MutatedSamples",
            .product(name: "ReducerKitTesting", package: "\(ScratchPackage.identity)"),
          ]
        ),
      ]
    )

    """
  }
}
