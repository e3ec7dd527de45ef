import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import Testing

/// A session of the navigating sample (``Library``) as `rkdebug record --random` makes it: a
/// stack pushed and popped, sheets and an alert presented and dismissed, a reading clock
/// ticking between actions. Every command reads it as the live run printed it.
@Suite struct LibrarySessionTests {
  /// 300 random actions with two seconds between them, printed live by `_printChanges()`.
  @MainActor
  static func record(seed: UInt64) async throws -> (log: RecordedLog, printed: PrintedChanges) {
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.recordRandom(
        Library()._printChanges(printed.printer()), actionsOf: Library.self,
        initialState: Library.State(), count: 300, seed: seed, pace: .seconds(2),
        feature: Library.name)
    }
    return (log, printed)
  }

  @Test(arguments: [3, 4] as [UInt64])
  func changesIsTheLivePrintChangesByteForByte(seed: UInt64) async throws {
    let (log, printed) = try await Self.record(seed: seed)
    let result = try log.run(["changes"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(Array(result.stdout.utf8) == Array(printed.output.utf8))
    // The session navigates: pushes, pops, the sheets, the alert and the clock are all in it.
    for text in [
      "Library.Action.bookTapped(", ".popFrom(id: #", "_addBook: BookForm.State(",
      "_destination: .alert(", "_destination: .edit(", ".reading(.tick)", "summaryFailed(",
    ] {
      #expect(result.stdout.contains(text), "\(text)")
    }
  }

  @Test func replaysExactlyAndNeverReplacesTheWholeStack() async throws {
    let (log, _) = try await Self.record(seed: 5)
    let replay = try log.run(["replay"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("every state matches the log"))

    let reader = try ActionLog.readOnly(path: log.path).reader()
    let paths = try reader.actions().flatMap { $0.patch.map(\.path.description) }
    #expect(!paths.contains("/path"))
    #expect(paths.contains { $0.hasPrefix("/path/") })
    // A running clock's effect is cancelled when its screen is popped or the session ends.
    let effects = try reader.effects()
    #expect(effects.contains { $0.outcome == .cancelled })
  }

  /// Why each effect was cancelled, as `log --tree` and `export` show it: stopped by id, popped
  /// with its screen, dismissed itself (which pops its screen), and still running at the end.
  @Test func cancelledEffectsSayWhyAndByWhichAction() throws {
    let directory = try TemporaryDirectory()
    let element = { (id: Int, screen: String, action: String) in
      #"{"path":{"_0":{"element":{"id":\#(id),"action":{"\#(screen)":{"_0":\#(action)}}}}}}"#
    }
    let actions = try directory.write(
      [
        #"{"bookTapped":{"_0":"00000000-0000-0000-0000-000000000000"}}"#,  // 1
        element(0, "detail", #"{"readButtonTapped":{}}"#),  // 2, 3 pushes the clock
        element(1, "reading", #"{"startButtonTapped":{}}"#),  // 4, ticks 5 and 6
        element(1, "reading", #"{"stopButtonTapped":{}}"#),  // 7
        element(1, "reading", #"{"startButtonTapped":{}}"#),  // 8, ticks 9 and 10
        #"{"path":{"_0":{"popFrom":{"id":1}}}}"#,  // 11
        element(0, "detail", #"{"readButtonTapped":{}}"#),  // 12, 13 pushes a clock again
        element(2, "reading", #"{"startButtonTapped":{}}"#),  // 14, ticks 15 and 16
      ].joined(separator: "\n") + "\n", to: "actions.jsonl")
    let path = directory.path("library.sqlite")
    let record = try RKDebugProcess.run([
      "record", "--db", path, "--feature", "library", "--actions", actions,
    ])
    try #require(record.status == 0, "\(record.stderr)")
    let tree = try RKDebugProcess.run(["log", "--tree", "--db", path])
    let outcomes = tree.stdout.split(separator: "\n").compactMap { line in
      line.firstMatch(of: /effect #(\d+) run, ([^(]+)/).map { "#\($0.1) \($0.2)" }
    }
    #expect(
      outcomes == [
        "#2 cancelled: by action 7 ",
        "#3 cancelled: its screen was popped by action 11 ",
        "#5 cancelled: the session ended after action 16 ",
      ])
    let export = try RKDebugProcess.run(["export", "--db", path])
    let effects = try export.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
      .filter { $0["type"] == "effect" && $0["outcome"] == "cancelled" }
    #expect(effects.map { $0["cancelCause"] } == ["cancelID", "popped", "sessionEnded"])
    #expect(effects.map { $0["cancelledBy"] } == [7, 11, 16])
  }
}
