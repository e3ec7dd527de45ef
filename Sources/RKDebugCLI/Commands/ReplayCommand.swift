import ArgumentParser
import Foundation
import ReducerKit
import ReducerKitDebug

/// `rkdebug replay`: re-runs a session's actions through the current reducer of its feature and
/// checks every state against the log.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Replay a session through the current reducer and check every state.",
    discussion: """
      Starts from the recorded initial state and reduces every logged action, in order, with \
      the current reducer of the session's feature, which this rkdebug must register: the \
      feature registered under the session's feature name, or else the one feature with the \
      session's state and action types (a session recorded without a name, by a TestStore \
      for example, is listed under the reducer's type name). Effects are not run: the \
      actions they emitted are in the log and are replayed at their own index. After each \
      action the replayed state is checked against the recorded one; the first divergence is \
      printed with a diff of the recorded (-) and replayed (+) state, and the exit status is 1.

      The values the reducer read from uuid, date, withRandomNumberGenerator and dependencies \
      opted in with recordedInput are fed back from the log, so a live session replays \
      exactly; a reducer that now reads a value the log lacks is a divergence naming the \
      dependency.

      If the state or action type changed since the session was recorded, a warning says so \
      first. A logged action that no longer decodes is an error naming its index.

      --skip I replays as if action I had never been sent (actions its effects emitted are \
      still in the log; skip them too if needed) and prints how the final state then differs \
      from the recorded one. --step opens an interactive stepper: type 'help' in it.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Stop after this action (default: the session's last action).", valueName: "index"
    )
  )
  var to: Int?

  @Option(
    name: .customLong("skip"),
    help: ArgumentHelp(
      "Replay as if this action had never been sent (repeatable).",
      discussion: "Prints how the final state then differs from the recorded one.",
      valueName: "index"
    )
  )
  var skip: [Int] = []

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Step through the session interactively.",
      discussion: """
        Commands: next/n [N], back/b [N], jump/j N, state/s [PATH], diff/d, until/u EXPR, \
        help, quit/q. They are read from standard input, with a prompt when it is a terminal \
        and line by line (for scripts) when it is not. On a terminal a command that is not \
        valid or that fails (a misspelt path, an index out of range) prints 'error: ...' and \
        the stepper goes on; in a script it ends the run with 'rkdebug: error: line N of the \
        stepper's input, ...' on standard error and exit status 1.
        """
    )
  )
  var step = false

  @OptionGroup var output: JSONOutputOption

  func validate() throws {
    if step, output.json {
      throw ValidationError("--step is interactive; it does not combine with --json.")
    }
    if step, to != nil || !skip.isEmpty {
      throw ValidationError(
        "--step does not combine with --to or --skip; use 'jump N' inside the stepper."
      )
    }
    if let to, to < 0 {
      throw ValidationError("--to needs an index of 0 or more.")
    }
    if let bad = skip.first(where: { $0 < 1 }) {
      throw ValidationError("--skip \(bad): actions are numbered from 1.")
    }
  }

  func run() async throws {
    let reader = try await sessionOptions.reader()
    let session = reader.session
    let feature = try FeatureRegistry.feature(forSession: session)
    let replayer = try feature.erased.replayer(for: reader)
    for warning in replayer.warnings {
      print("rkdebug: warning: \(warning)", to: &StandardError.stream)
    }
    if step {
      try runStepper(replayer)
      return
    }
    let end = to ?? reader.actionCount
    guard end <= reader.actionCount else {
      let actions =
        reader.actionCount == 0 ? "no actions" : "actions 1...\(reader.actionCount)"
      throw RKDebugError("--to \(end) is out of range: session \(session.id) has \(actions)")
    }
    if let bad = skip.first(where: { $0 > end }) {
      throw RKDebugError("--skip \(bad) is after the last action replayed, \(end)")
    }
    let progress = ProgressLine(label: "replaying", total: end)
    let result = try replayer.run(to: end, skipping: Set(skip), progress: progress.update)
    progress.finish()
    print(
      output.json
        ? json(result, session: session, warnings: replayer.warnings)
        : text(result, session: session))
    if let divergence = result.divergence {
      throw RKDebugError(
        "the current reducer diverges from session \(session.id) at action "
          + "\(divergence.index); the diff is above"
      )
    }
  }

  private func runStepper(_ replayer: any SessionReplayer) throws {
    let stepper = Stepper(
      replayer: replayer, changeText: ChangeText(session: replayer.reader.session),
      input: .standardInput
    )
    try stepper.run()
    if let divergence = stepper.divergence {
      throw RKDebugError(
        "the current reducer diverges from session \(replayer.reader.session.id) at action "
          + "\(divergence.index)"
      )
    }
    if let failure = stepper.failure {
      throw RKDebugError(failure.description)
    }
  }

  // MARK: - Output

  private func text(_ result: ReplayResult, session: LoggedSession) -> String {
    let range = result.lastIndex == 0 ? "no actions" : "actions 1...\(result.lastIndex)"
    var lines = ["replayed \(range) of session \(session.id) ('\(session.feature)')"]
    if let divergence = result.divergence {
      lines[0] += ": the state after action \(divergence.index) differs from the log"
      lines.append(ReplayReport.divergenceText(divergence, terminal: .current))
      return lines.joined(separator: "\n")
    }
    // A rate over a few actions measures start-up costs, not replay speed.
    let seconds = result.duration.inSeconds
    let rate =
      seconds > 0 && result.actionCount >= 1000
      ? ", \(Int(Double(result.actionCount) / seconds)) actions/s" : ""
    let timing =
      "(\(result.actionCount) actions in \(ReplayReport.seconds(result.duration))\(rate))"
    guard !result.skipped.isEmpty else {
      lines[0] += ": every state matches the log \(timing)"
      return lines.joined(separator: "\n")
    }
    let skipped = result.skipped.map(String.init).joined(separator: ", ")
    lines[0] += " without action\(result.skipped.count == 1 ? "" : "s") \(skipped) \(timing)"
    if let difference = result.finalDifference {
      lines.append(
        "without \(result.skipped.count == 1 ? "it" : "them"), the state at \(result.lastIndex) "
          + "differs from the recorded one, recorded (-) vs replayed (+):"
      )
      lines.append(Terminal.current.coloredDiff(difference.diff))
    } else {
      lines.append(
        "without \(result.skipped.count == 1 ? "it" : "them"), the state at \(result.lastIndex) "
          + "is the same as the recorded one"
      )
    }
    return lines.joined(separator: "\n")
  }

  private func json(
    _ result: ReplayResult, session: LoggedSession, warnings: [String]
  ) -> String {
    let outcome: String
    if result.divergence != nil {
      outcome = "divergence"
    } else if result.skipped.isEmpty {
      outcome = "match"
    } else {
      outcome = result.finalDifference == nil ? "same" : "different"
    }
    let json: JSONValue = [
      "session": JSONValue(session.id), "feature": .string(session.feature),
      "to": JSONValue(result.lastIndex), "replayed": JSONValue(result.actionCount),
      "result": .string(outcome),
      "divergence": result.divergence.map(ReplayReport.json) ?? .null,
      "skipped": .array(result.skipped.map { JSONValue($0) }),
      "finalDifference": result.finalDifference.map(ReplayReport.json) ?? .null,
      "warnings": .array(warnings.map(JSONValue.string)),
      "seconds": JSONValue(result.duration.inSeconds) ?? 0,
    ]
    return json.serialized()
  }
}
