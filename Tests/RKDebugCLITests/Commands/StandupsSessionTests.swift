import Foundation
import ReducerKit
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// A session of ``Standups``, a feature of its own shaped like TCA's SyncUps, recorded through
/// `.recording(to:)`: a detail that shares a standup with the list renames it, and a meeting's
/// effect writes into it with `withLock`. It replays exactly, `changes` is the live
/// `_printChanges()` byte for byte, and `testgen --testable` writes the test with
/// `@testable import` (GeneratedTestBuildTests builds and runs it).
@Suite(.serialized) struct StandupsSessionTests {
  static let name = "standups"

  static let initialStandups: IdentifiedArrayOf<Standup> = [
    Standup(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, title: "Design"),
    Standup(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!, title: "Engineering"),
  ]

  /// Open a standup, rename it, hold a meeting, close it; add one, open it, hold a meeting.
  static func actions(added: UUID) -> [Standups.Action] {
    let first = initialStandups[1].id
    return [
      .standupTapped(first),
      .detail(.presented(.titleChanged("Daily"))),
      .detail(.presented(.recordButtonTapped)),
      .detail(.dismiss),
      .addButtonTapped,
      .standupTapped(added),
      .detail(.presented(.recordButtonTapped)),
    ]
  }

  static let feature = DebugFeature.feature(
    name, summary: "", reducer: { Standups() },
    initialState: { Standups.State(standups: Shared(value: initialStandups)) })

  /// A recorded session and what its live store printed.
  @MainActor
  static func record() async throws -> (log: RecordedLog, printed: PrintedChanges) {
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      // The test values' `uuid` counts from zero: the meeting is 0, the added standup 1.
      try await log.record(
        Standups()._printChanges(printed.printer()),
        initialState: Standups.State(standups: Shared(value: initialStandups)),
        actions: actions(added: UUID(1)), feature: name)
    }
    return (log, printed)
  }

  @MainActor
  @Test func replaysExactlyAndChangesIsTheLivePrintChanges() async throws {
    let (log, printed) = try await Self.record()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let entries = try reader.actions()
    #expect(entries.filter(\.isSharedChange).map(\.label) == [
      "$standups.withLock in effect 1", "$standups.withLock in effect 2",
    ])
    let replay = try Self.feature.erased.replayer(for: reader).run(
      to: nil, skipping: [], progress: nil)
    #expect(replay.divergence == nil)
    #expect(replay.lastIndex == reader.actionCount)

    let registered = FeatureRegistry.features
    FeatureRegistry.features = [Self.feature]
    defer { FeatureRegistry.features = registered }
    let output = try StreamingReadsTests.output(log) { reader, sink in
      try ChangesCommand.parse([]).write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain)
    }
    printed.expectEntries(of: output.text)
    #expect(printed.output.contains("standup: Standup(↩︎)"))
  }

  /// The test `testgen --testable` writes for the session: `@testable import` of the module
  /// that holds the feature.
  @MainActor
  static func generatedTest() async throws -> GeneratedTest {
    let (log, _) = try await record()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    return try feature.erased.testSource(
      for: reader,
      request: TestgenRequest(
        range: 1...reader.actionCount, testName: "standupsSession", logName: "log.sqlite",
        testableImport: true))
  }

  @Test func testgenWritesATestableImport() async throws {
    let test = try await Self.generatedTest()
    #expect(test.source.contains("\n@testable import RKDebugCLITests\n"))
    #expect(test.source.contains("$0.detail?.$standup.withLock { $0.title = \"Daily\" }"))
    #expect(test.warnings == [])
  }
}
