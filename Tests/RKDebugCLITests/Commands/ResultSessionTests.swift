import CustomDump
import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitTestSupport
import Testing

@testable import RKDebugCLI

/// A session of ``Lookup``, whose action carries `Result<Int, any Error>` and whose effects
/// fail with an enum and a struct error, through a real SQLite file: `log` labels each failure
/// as custom-dump does, `changes` is the live `_printChanges()` text, the session replays with
/// no divergence (the decoded failures print as the originals did), survives `export` and
/// `import`, its effects' failures are logged, and `testgen` writes the test a TCA user would.
@Suite(.serialized) struct ResultSessionTests {
  static let name = "lookup"

  /// A success, a failure with a payload, a thrown struct error, a case without payload, a
  /// thrown success, and a failure sent by the caller.
  static let actions: [Lookup.Action] = [
    .lookUp(4), .lookUp(-2), .lookUpThrowing(17), .lookUp(13), .lookUpThrowing(5),
    .response(.failure(RateLimited(retryAfter: 1, reason: "sent"))),
  ]

  static let feature = DebugFeature.feature(
    name, summary: "", reducer: { Lookup() }, initialState: { .init() })

  /// A recorded session, what its live store printed, and each action it reduced.
  struct Session {
    let log: RecordedLog
    let printed: PrintedChanges
    let reduced: [Lookup.Action]
  }

  @MainActor
  static func record() async throws -> Session {
    let printed = PrintedChanges()
    let reduced = Collected<Lookup.Action>()
    let log = try await RecordedLog.make { log in
      try await log.record(
        Seeing(base: Lookup()._printChanges(printed.printer()), reduced: reduced),
        initialState: Lookup.State(), actions: actions, feature: name
      )
    }
    return Session(log: log, printed: printed, reduced: reduced.values)
  }

  @Test func logLabelsEachFailureAsCustomDumpDoes() async throws {
    let session = try await Self.record()
    let result = try session.log.run(["log"])
    #expect(result.stderr == "")
    #expect(result.status == 0)
    #expect(
      result.stdout == """
         1  send             Lookup.Action.lookUp(4)
         2  effect #1 of #1  Lookup.Action.response(.success(16))
         3  send             Lookup.Action.lookUp(-2)
         4  effect #2 of #3  Lookup.Action.response(.failure(.notFound(-2)))
         5  send             Lookup.Action.lookUpThrowing(17)
         6  effect #3 of #5  Lookup.Action.response(.failure(RateLimited(retryAfter: 30, \
        reason: "too many lookups")))
         7  send             Lookup.Action.lookUp(13)
         8  effect #4 of #7  Lookup.Action.response(.failure(.offline))
         9  send             Lookup.Action.lookUpThrowing(5)
        10  effect #5 of #9  Lookup.Action.response(.success(25))
        11  send             Lookup.Action.response(.failure(RateLimited(retryAfter: 1, \
        reason: "sent")))

        """)
    let json = try session.log.run(["log", "--json"])
    let labels = try json.stdout.split(separator: "\n").map {
      try #require(try JSONValue(parsing: Data($0.utf8))["label"]?.stringValue)
    }
    #expect(labels.count == session.reduced.count)
    for (label, action) in zip(labels, session.reduced) {
      #expect(Array(label.utf8) == Array(String(customDumping: action).utf8))
    }
  }

  @Test func changesIsTheLivePrintChangesByteForByte() async throws {
    let session = try await Self.record()
    let registered = FeatureRegistry.features
    FeatureRegistry.features = [Self.feature]
    defer { FeatureRegistry.features = registered }
    let output = try StreamingReadsTests.output(session.log) { reader, sink in
      try ChangesCommand.parse([]).write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain)
    }
    #expect(Array(output.text.utf8) == Array(session.printed.output.utf8))
    #expect(
      session.printed.output.components(separatedBy: "received action:\n")[4] == """
          Lookup.Action.response(
            .failure(
              .notFound(-2)
            )
          )
          Lookup.State(
            value: 16,
        -   errorMessage: nil,
        +   errorMessage: "notFound(-2)",
        -   errorDetail: nil,
        +   errorDetail: "No square for -2.",
        -   isLoading: true
        +   isLoading: false
          )


        """)
  }

  @Test func replaysWithNoDivergence() async throws {
    let session = try await Self.record()
    let reader = try ActionLog.readOnly(path: session.log.path).reader()
    let replayer = try Self.feature.erased.replayer(for: reader)
    #expect(replayer.warnings.isEmpty)
    let result = try replayer.run(to: nil, skipping: [], progress: nil)
    #expect(result.divergence == nil)
    #expect(result.lastIndex == reader.actionCount)
    // The replayed state holds what the original errors printed.
    let state = try replayer.currentStateJSON().decoded(as: Lookup.State.self)
    #expect(state.value == 25)
    #expect(state.errorMessage == #"RateLimited(retryAfter: 1, reason: "sent")"#)
    #expect(
      state.errorDetail
        == "The operation could not be completed. (RKDebugCLITests.RateLimited error 1.)")
  }

  @Test func effectsThatThrewAreLoggedAsFailed() async throws {
    let session = try await Self.record()
    let export = try session.log.run(["export"])
    #expect(export.status == 0)
    let effects = export.stdout.split(separator: "\n").filter {
      $0.contains(#""type":"effect""#)
    }
    #expect(effects.count == 5)
    // The effect that sent its error from `catch:` failed; those that wrapped it in a Result
    // finished.
    let outcomes = effects.map {
      $0.firstMatch(of: /"error":(null|".*?[^\\]"),.*"outcome":"(\w+)"/)
    }
    #expect(
      outcomes.map { $0.map { "\($0.1) \($0.2)" } ?? "no match" } == [
        "null finished", "null finished",
        #""RateLimited(retryAfter: 30, reason: \"too many lookups\")" failed"#,
        "null finished", "null finished",
      ])
  }

  @Test func exportAndImportKeepEveryFailure() async throws {
    let session = try await Self.record()
    let export = session.log.directory.path("lookup.jsonl")
    let run = try session.log.run(["export", "-o", export])
    #expect(run.status == 0, "\(run.stderr)")
    let exported = try String(contentsOfFile: export, encoding: .utf8)
    #expect(
      exported.contains(
        #""json":{"response":{"_0":{"failure":{"_0":{"customDump":".notFound(-2)","#
          + #""description":"notFound(-2)","dumpsInline":false,"#
          + #""localizedDescription":"No square for -2.","type":"RKDebugCLITests.LookupError"}}}}}"#
      ))
    let imported = session.log.directory.path("imported.sqlite")
    let importRun = try RKDebugProcess.run(["import", "--db", imported, export])
    #expect(importRun.status == 0, "\(importRun.stderr)")
    for command in [["log"], ["changes"], ["state", "--at", "11"], ["export"]] {
      let original = try session.log.run(command)
      let copy = try RKDebugProcess.run(command + ["--db", imported])
      #expect(copy.status == 0, "\(command): \(copy.stderr)")
      if command == ["export"] {
        // The copy's session has the same actions, patches and effects, and a new id.
        #expect(
          copy.stdout.split(separator: "\n").dropFirst()
            == original.stdout.split(separator: "\n").dropFirst())
      } else {
        #expect(Array(copy.stdout.utf8) == Array(original.stdout.utf8), "\(command)")
      }
    }
    let reader = try ActionLog.readOnly(path: imported).reader()
    let result = try Self.feature.erased.replayer(for: reader).run(
      to: nil, skipping: [], progress: nil)
    #expect(result.divergence == nil)
  }

  @Test func testgenReceivesEachFailureByItsCasePath() async throws {
    let session = try await Self.record()
    let reader = try ActionLog.readOnly(path: session.log.path).reader()
    let test = try Self.feature.erased.testSource(
      for: reader,
      request: TestgenRequest(
        range: 1...reader.actionCount, testName: "lookupSession", logName: "log.sqlite"))
    #expect(test.warnings == [])
    // The calendar, locale and time zone lines between these are the machine's.
    #expect(
      test.source.hasPrefix(
        """
        // Generated by rkdebug testgen: session 1 ('lookup') of log.sqlite, actions 1...11.

        import Foundation
        import RKDebugCLITests
        import ReducerKitTesting
        import Testing

        @MainActor
        @Test func lookupSession() async throws {
          let store = TestStore(initialState: Lookup.State(
            value: nil,
            errorMessage: nil,
            errorDetail: nil,
            isLoading: false
          )) {
            Lookup()
          } withDependencies: {
            $0.continuousClock = ImmediateClock()
            $0.suspendingClock = ImmediateClock()

        """))
    let steps = try #require(test.source.range(of: "\n  }\n\n  await store.send(.lookUp(4))"))
    #expect(
      test.source[steps.lowerBound...] == #"""

          }

          await store.send(.lookUp(4)) {
            $0.isLoading = true
          }

          await store.receive(\.response.success) {
            $0.value = 16
            $0.isLoading = false
          }

          await store.send(.lookUp(-2)) {
            $0.isLoading = true
          }

          await store.receive(\.response.failure) {
            $0.errorMessage = "notFound(-2)"
            $0.errorDetail = "No square for -2."
            $0.isLoading = false
          }

          await store.send(.lookUpThrowing(17)) {
            $0.isLoading = true
          }

          await store.receive(\.response.failure) {
            $0.errorMessage = "RateLimited(retryAfter: 30, reason: \"too many lookups\")"
            $0.errorDetail = "The operation could not be completed. (RKDebugCLITests.RateLimited error 1.)"
            $0.isLoading = false
          }

          await store.send(.lookUp(13)) {
            $0.isLoading = true
          }

          await store.receive(\.response.failure) {
            $0.errorMessage = "offline"
            $0.errorDetail = "You are offline."
            $0.isLoading = false
          }

          await store.send(.lookUpThrowing(5)) {
            $0.isLoading = true
          }

          await store.receive(\.response.success) {
            $0.value = 25
            $0.errorMessage = nil
            $0.errorDetail = nil
            $0.isLoading = false
          }

          await store.send(.response(
            .failure(
              ReducerKit.RecordedError(
                type: "RKDebugCLITests.RateLimited",
                description: "RateLimited(retryAfter: 1, reason: \"sent\")",
                localizedDescription: "The operation could not be completed. (RKDebugCLITests.RateLimited error 1.)",
                customDump: "RateLimited(\n  retryAfter: 1,\n  reason: \"sent\"\n)",
                dumpsInline: false
              )
            )
          )) {
            $0.errorMessage = "RateLimited(retryAfter: 1, reason: \"sent\")"
            $0.errorDetail = "The operation could not be completed. (RKDebugCLITests.RateLimited error 1.)"
          }

          await store.finish()
        }

        """#)
  }
}

/// Runs `base`, keeping each action it reduces.
struct Seeing<Base: Reducer>: Reducer where Base.Action == Lookup.Action {
  let base: Base
  let reduced: Collected<Lookup.Action>

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    reduced.append(action)
    return base.reduce(into: &state, action: action)
  }
}
