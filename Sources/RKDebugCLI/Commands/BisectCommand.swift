import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug bisect`: finds the first action after which something holds, after which a command
/// says "bad", or with which the current reducer disagrees.
struct BisectCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bisect",
    abstract: "Find the first action after which something went wrong.",
    discussion: """
      --where EXPR finds the first index whose state satisfies EXPR (a predicate such as \
      'todos.count > 3' or 'fact != nil'), assuming that once it holds it keeps holding: a \
      binary search that rebuilds O(log n) states. When the ends of the session contradict \
      that assumption (EXPR is false at the last index, or already true at index 0), there is \
      nothing to search: bisect says so, then reads every index forwards as 'rkdebug find \
      --first' does, and reports the first action after which EXPR holds (again), or that it \
      never holds. 'rkdebug find' lists every range where it holds. A name in EXPR that no \
      state of the session has, but that is close to one that does, is refused as a typo \
      before the search; any other such name gets a warning on standard error (an error \
      with --strict).

      --run CMD works like 'git bisect run': CMD runs under /bin/sh with the state's JSON on \
      standard input (and RKDEBUG_INDEX, RKDEBUG_SESSION in its environment); exit status 0 \
      means good, 125 cannot tell (a neighbour is tried), 1-127 bad, and above 127 aborts. \
      CMD's standard output is shown on standard error. Bisect assumes that once bad, every \
      later index is bad: when CMD says good at the last index it has nothing to search, and \
      says so, without claiming that no index is bad, since it ran CMD only at the two ends \
      (running it on every state would be one process per action); it says how to check \
      every index instead.

      --divergence replays the session through the current reducer (its feature must be \
      registered) and stops at the first action whose state differs from the log. A replay \
      runs every action in order, because a reducer's dependencies (such as a UUID \
      generator) depend on every action before.

      The action found is printed with its index, its label and its changes.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .customLong("where"),
    help: .predicate(
      "Find the first index where this predicate holds.",
      seeAlso: "'rkdebug help find' describes predicates in full, 'rkdebug help state' paths."
    ),
    transform: Predicate.init(parsing:)
  )
  var predicate: Predicate?

  @Option(
    name: .customLong("run"),
    help: ArgumentHelp(
      "Find the first index this shell command calls bad (exit 1-127 except 125).",
      valueName: "cmd"
    )
  )
  var command: String?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Find the first action the current reducer disagrees with.",
      discussion: """
        Replays every action in order through the reducer of the session's feature, which \
        this rkdebug must register.
        """
    )
  )
  var divergence = false

  @Flag(
    help: ArgumentHelp(
      "With --where, fail instead of warning when EXPR names something no state has."
    )
  )
  var strict = false

  @OptionGroup var output: JSONOutputOption

  private var terminal: Terminal { .current }

  func validate() throws {
    let modes = [predicate != nil, command != nil, divergence].filter { $0 }.count
    guard modes == 1 else {
      throw ValidationError("Pass exactly one of --where EXPR, --run CMD or --divergence.")
    }
    if strict, predicate == nil {
      throw ValidationError("--strict applies to --where only.")
    }
  }

  func run() async throws {
    let reader = try await sessionOptions.reader()
    if let predicate {
      try bisect(reader, predicate: predicate)
    } else if let command {
      try bisect(reader, command: command)
    } else {
      try findDivergence(reader)
    }
  }

  // MARK: - Modes

  private func bisect(_ reader: SessionReader, predicate: Predicate) throws {
    let text = predicate.text
    // A misspelt name would read as nil at every index probed: refuse it before searching.
    try PredicateNameCheck(predicate: predicate, strict: strict).run(on: reader)
    var bisector = Bisector(last: reader.actionCount)
    let outcome = try bisector.search { index in
      try predicate.evaluate(in: reader.stateJSON(at: index)) ? .bad : .good
    }
    let probes = "\(bisector.probes) state reconstruction\(bisector.probes == 1 ? "" : "s")"
    switch outcome {
    case .found(let index):
      try reportFound(
        index, reader: reader, probes: bisector.probes,
        summary: "\(text) first holds at index \(index) (found with \(probes) for "
          + "\(reader.actionCount) actions)")
    case .badAtStart, .neverBad:
      try reportScan(of: predicate, reader: reader, probes: bisector.probes)
    case .ambiguous, .undecidedEnd:
      // A predicate never answers "skip".
      try reportUndecided(outcome, subject: text)
    }
  }

  /// Reports what a forward scan finds when the ends of the session contradict the
  /// assumption that once the predicate holds, it keeps holding: the first action after which
  /// it holds (again), or that it never holds, or holds from the start.
  private func reportScan(of predicate: Predicate, reader: SessionReader, probes: Int) throws {
    let text = predicate.text
    let last = reader.actionCount
    let (finding, scanned) = try EndpointScan.run(
      PredicateScan(predicate: predicate, reader: reader))
    let work =
      "\(probes) state reconstruction\(probes == 1 ? "" : "s"), then a scan of \(scanned) "
      + "state\(scanned == 1 ? "" : "s")"
    let assumption = "bisect assumes that once it holds, it keeps holding"
    switch finding {
    case .firstHolds(let index):
      try reportFound(
        index, reader: reader, probes: probes, scanned: scanned, result: "foundByScan",
        summary: "\(text) does not hold at the last index, \(last), so there is nothing to "
          + "bisect (\(assumption)); scanning every index: it first holds at index \(index) "
          + "(\(work); 'rkdebug find' lists every range where it holds)")
    case .holdsAgain(let index, let stops):
      try reportFound(
        index, reader: reader, probes: probes, scanned: scanned, result: "foundByScan",
        summary: "\(text) already holds at index 0, so there is nothing to bisect "
          + "(\(assumption)); scanning every index: it stops holding at index \(stops) and "
          + "holds again from index \(index) (\(work); 'rkdebug find' lists every range where "
          + "it holds)")
    case .holdsFromStart(let stops):
      let rest =
        stops.map {
          "it stops holding at index \($0) and does not hold again (\(work))"
        } ?? "it holds at every index, 0…\(last) (\(work))"
      printResult(
        result: "initial", probes: probes, scanned: scanned,
        text: "\(text) already holds at index 0, the initial state: no action made it hold; "
          + rest)
    case .never:
      printResult(
        result: "never", probes: probes, scanned: scanned,
        text: "\(text) never holds: it is false at every index, 0…\(last) (\(work))")
    }
  }

  private func bisect(_ reader: SessionReader, command: String) throws {
    let probe = ShellProbe(command: command, sessionID: reader.session.id)
    var bisector = Bisector(last: reader.actionCount)
    let outcome = try bisector.search { index in
      try probe.verdict(for: reader.stateJSON(at: index), at: index)
    }
    let runs = "ran it \(bisector.probes) time\(bisector.probes == 1 ? "" : "s")"
    let last = reader.actionCount
    switch outcome {
    case .found(let index):
      try reportFound(
        index, reader: reader, probes: bisector.probes,
        summary: "'\(command)' first says bad at index \(index) (\(runs) for "
          + "\(last) actions)")
    case .badAtStart:
      printResult(
        result: "initial", probes: bisector.probes,
        text: "'\(command)' already says bad at index 0, the initial state; bisect assumes "
          + "that once bad, every later index is bad, and ran it on no other index (\(runs))")
    case .neverBad:
      printResult(
        result: "goodAtEnd", probes: bisector.probes,
        text: "'\(command)' says good at the last index, \(last), so there is nothing to "
          + "bisect: bisect assumes that once bad, every later index is bad, but it \(runs), "
          + "at index 0 and \(last) only, and an index between may still be bad. To check every "
          + "index, run the command on each state (rkdebug state --at I --json | CMD, for I "
          + "from 0 to \(last)), or write the condition as a predicate for 'rkdebug find "
          + "--where', which reads every index in one pass")
    case .ambiguous, .undecidedEnd:
      try reportUndecided(outcome, subject: command)
    }
  }

  private func findDivergence(_ reader: SessionReader) throws {
    let session = reader.session
    let feature = try FeatureRegistry.feature(forSession: session)
    let replayer = try feature.erased.replayer(for: reader)
    for warning in replayer.warnings {
      print("rkdebug: warning: \(warning)", to: &StandardError.stream)
    }
    let progress = ProgressLine(label: "replaying", total: reader.actionCount)
    let result = try replayer.run(to: nil, skipping: [], progress: progress.update)
    progress.finish()
    guard let divergence = result.divergence else {
      let message =
        "the current reducer agrees with all \(reader.actionCount) actions of session "
        + "\(session.id)"
      print(output.json ? json(result: "never", probes: result.actionCount).serialized() : message)
      return
    }
    let action = try reader.action(at: divergence.index)
    let changes = try changesText(of: action, in: reader)
    if output.json {
      var json = json(result: "found", probes: result.actionCount, action: action, changes: changes)
      if case .object(var members) = json {
        members["divergence"] = ReplayReport.json(divergence)
        json = .object(members)
      }
      print(json.serialized())
    } else {
      print(
        """
        the current reducer first disagrees with the log at index \(divergence.index) \
        (replayed \(result.actionCount) actions)
        \(heading(action))
        \(terminal.coloredDiff(changes))
        the state after action \(divergence.index), recorded (-) vs replayed (+):
        \(terminal.coloredDiff(divergence.difference.diff))
        """
      )
    }
  }

  // MARK: - Output

  /// The mode, as `--json` names it: `where`, `run` or `divergence`.
  private var mode: String { predicate != nil ? "where" : command != nil ? "run" : "divergence" }

  /// Prints the action found at `index`: `summary`, then the action and its changes; or
  /// the `--json` object with `result`.
  private func reportFound(
    _ index: Int, reader: SessionReader, probes: Int,
    scanned: Int? = nil, result: String = "found", summary: String
  ) throws {
    let action = try reader.action(at: index)
    let changes = try changesText(of: action, in: reader)
    if output.json {
      let json = json(
        result: result, probes: probes, scanned: scanned, action: action, changes: changes)
      print(json.serialized())
    } else {
      print("\(summary)\n\(heading(action))\n\(terminal.coloredDiff(changes))")
    }
  }

  /// Prints an outcome without an action: `text`, or the `--json` object with `result`.
  private func printResult(result: String, probes: Int, scanned: Int? = nil, text: String) {
    print(output.json ? json(result: result, probes: probes, scanned: scanned).serialized() : text)
  }

  /// Throws for a search that could not tell (exit status 125 where it mattered).
  private func reportUndecided(_ outcome: BisectOutcome, subject: String) throws {
    switch outcome {
    case .ambiguous(let candidates):
      throw RKDebugError(
        "cannot tell: the first bad index is one of \(candidates.lowerBound)..."
          + "\(candidates.upperBound), and every index before the last was skipped (exit 125)"
      )
    case .undecidedEnd(let index):
      throw RKDebugError(
        "'\(subject)' cannot tell (exit 125) at index \(index); bisect needs a good initial "
          + "state and a bad last state"
      )
    case .found, .badAtStart, .neverBad:
      return
    }
  }

  /// The `changes` text of `action`: typed when the session's feature is registered.
  private func changesText(of action: LoggedAction, in reader: SessionReader) throws -> String {
    var changeText = ChangeText(session: reader.session)
    return changeText.text(
      for: action, oldState: try reader.stateJSON(at: action.index - 1),
      newState: try reader.stateJSON(at: action.index)
    )
  }

  /// `action 7 (send): Todos.Action.addTodoButtonTapped`.
  private func heading(_ action: LoggedAction) -> String {
    "action \(action.index) (\(action.source.text)): "
      + action.singleLineLabel
  }

  /// The `--json` object (docs/cli-json.md): every member is present, `null` when it does not
  /// apply.
  private func json(
    result: String, probes: Int, scanned: Int? = nil,
    action: LoggedAction? = nil, changes: String? = nil
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "mode": .string(mode), "result": .string(result), "probes": JSONValue(probes),
      "scanned": .optional(scanned) { JSONValue($0) },
      "expression": .optional(predicate?.text, JSONValue.string),
      "command": .optional(command, JSONValue.string),
      "index": .null, "label": .null, "source": .null, "effectID": .null,
      "parentIndex": .null, "patch": .null, "changes": .null, "divergence": .null,
    ]
    if let action {
      members["index"] = JSONValue(action.index)
      members["label"] = .string(action.label)
      members.merge(action.source.jsonMembers) { _, source in source }
      members["patch"] = .array(action.patch.map(\.jsonValue))
    }
    if let changes { members["changes"] = .string(changes) }
    return .object(members)
  }
}
