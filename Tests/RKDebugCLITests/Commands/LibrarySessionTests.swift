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
}
