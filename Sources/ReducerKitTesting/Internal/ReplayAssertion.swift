import CustomDump
import Foundation
import ReducerKit
import ReducerKitDebug

/// The failure messages of ``assertReplays(log:session:reducer:fileID:filePath:line:column:)``,
/// built on ReducerKitDebug's `ReplayEngine`.
enum ReplayAssertion {
  /// Replays the session of the log `open` returns and reports the failure at `location`; a
  /// log that `open` cannot give fails the test with `cannotOpen` and the error.
  static func report<R: Reducer>(
    opening open: () throws -> ActionLog, cannotOpen: String, session: Int64?, reducer: R,
    prepareDependencies: ((inout DependencyValues) -> Void)?, at location: TestLocation
  ) where R.State: ObservableStateProtocol & Codable, R.Action: Decodable {
    let message: String?
    do {
      message = failureMessage(
        log: try open(), session: session, reducer: reducer,
        prepareDependencies: prepareDependencies
      )
    } catch {
      message = "\(cannotOpen): \(error)"
    }
    if let message { location.reportFailure(message) }
  }

  /// Replays the session and returns the failure message, or `nil` when every state matches.
  private static func failureMessage<R: Reducer>(
    log: ActionLog, session: Int64?, reducer: R,
    prepareDependencies: ((inout DependencyValues) -> Void)?
  ) -> String?
  where R.State: ObservableStateProtocol & Codable, R.Action: Decodable {
    let reader: SessionReader
    do {
      reader = try log.reader(session: session)
    } catch {
      return "Cannot replay \(describe(log: log, session: session)): \(error)"
    }
    let name = "session \(reader.session.id) (\"\(reader.session.feature)\")"
    let engine: ReplayEngine<R>
    let result: ReplayResult
    do {
      engine = try ReplayEngine(
        reader: reader, reducer: reducer, withDependencies: prepareDependencies
      )
      result = try engine.run()
    } catch {
      return "Cannot replay \(name)\(describe(path: log.path)): \(error)"
    }
    guard let divergence = result.divergence else { return nil }

    var lines = [
      "Replay of \(name) diverged at action \(divergence.index): …",
      "",
      "  Action \(divergence.index): \(divergence.label.oneLine)",
      "  Sent by: \(describe(divergence.source))",
    ]
    if let mismatch = divergence.inputMismatch {
      lines.append("  Dependencies: \(mismatch)")
    }
    lines += [
      "",
      divergence.difference.diff.isEmpty
        ? "The state after the action is the recorded one."
        : stateDifference(divergence.difference, actual: engine.state),
    ]
    if !engine.warnings.isEmpty {
      lines += [""] + engine.warnings.map { "Note: \($0)" }
    }
    if let path = log.path {
      lines += [
        "",
        "Replay it:",
        "  rkdebug replay --db \(TestLog.shellQuoted(path)) --session \(reader.session.id)",
      ]
    }
    return lines.joined(separator: "\n")
  }

  /// The diff of the recorded state (`−`) against the replayed one (`+`).
  private static func stateDifference<State: Codable>(
    _ difference: StateDifference, actual: State
  ) -> String {
    if let expected = try? difference.expected.decoded(as: State.self) {
      return Dumping.difference(expected: expected, actual: actual, actualName: "Actual")
    }
    // The recorded JSON no longer decodes: the engine's JSON Patch lines.
    return "\(difference.diff.indented(by: 4))\n\n(Expected: -, Actual: +)"
  }

  private static func describe(_ source: ActionSource) -> String {
    switch source {
    case .send:
      "the caller"
    case let .effect(effectID, parentIndex):
      "effect \(effectID), returned for action \(parentIndex)"
    }
  }

  private static func describe(log: ActionLog, session: Int64?) -> String {
    let which = session.map { "session \($0)" } ?? "the newest session"
    return which + describe(path: log.path)
  }

  private static func describe(path: String?) -> String {
    path.map { " of \($0)" } ?? " of the in-memory log"
  }
}
