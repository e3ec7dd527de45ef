import Foundation
import ReducerKitDebug

/// The interactive stepper of `rkdebug replay --step`: moves a cursor over a session's indices,
/// prints states and changes, and replays the current reducer alongside.
///
/// States come from the log: ``SessionReader`` keeps the last state it rebuilt and moves it by
/// one patch (applied forwards, or undone with its old values backwards), so `back` costs the
/// same as `next`. The replay runs ahead of the cursor only: it reduces each action the first
/// time the cursor passes it and checks the state against the log, so every index shown has
/// been checked, and moving back never re-runs the reducer. Until the first divergence the
/// recorded state shown is also the replayed one; after it the stepper says so and keeps
/// showing the recorded states.
final class Stepper {
  private let replayer: any SessionReplayer
  private var changeText: ChangeText
  private let terminal: Terminal
  private var input: StepperInput
  private let write: (String) -> Void
  private var cursor = 0
  private var reportedDivergence = false
  /// Why the replay stopped before the end, when an action no longer decodes.
  private var replayFailure: ReplayError?

  private var reader: SessionReader { replayer.reader }
  private var count: Int { reader.actionCount }

  /// A stepper over `replayer`'s session.
  ///
  /// - Parameters:
  ///   - replayer: The replay to run alongside, at index 0.
  ///   - changeText: How `diff` prints an action's change (typed when the feature is
  ///     registered).
  ///   - input: Where commands come from.
  ///   - terminal: Whether diffs are colored (on a terminal, without `NO_COLOR`).
  ///   - write: Where output goes, one chunk of lines at a time (`print` by default).
  init(
    replayer: any SessionReplayer, changeText: ChangeText, input: StepperInput,
    terminal: Terminal = .current, write: @escaping (String) -> Void = { print($0) }
  ) {
    self.replayer = replayer
    self.terminal = terminal
    self.changeText = changeText
    self.input = input
    self.write = write
  }

  /// The first divergence the replay found while stepping.
  var divergence: ReplayDivergence? { replayer.divergence }

  /// Why the replay stopped early while stepping, if an action no longer decoded.
  var failure: ReplayError? { replayFailure }

  /// Reads and runs commands until `quit` or the end of the input.
  ///
  /// A command that is not valid or that fails (an unknown command, a misspelt path, an index
  /// out of range) prints `error: …` and the stepper waits for the next one when a person
  /// types the commands. From a script (standard input that is not a terminal) it ends the
  /// run: a script with a bad line is a bad script, and going on would run the rest of it
  /// from the wrong place.
  ///
  /// - Throws: ``RKDebugError`` naming the line and what was wrong with it, for a bad command
  ///   read from a script.
  func run() throws {
    let session = reader.session
    write(
      "stepping through session \(session.id) ('\(session.feature)'): \(count) actions; "
        + "type 'help' for the commands"
    )
    write(position())
    while let line = input.nextLine(prompt: "(rkdebug \(cursor)/\(count)) ") {
      do {
        guard let command = try StepperCommand.parse(line) else { continue }
        if command == .quit { break }
        try perform(command)
      } catch {
        let message =
          (error as? StepperCommand.ParseError)?.description
          ?? ErrorReport(error: error, arguments: []).message ?? "\(error)"
        guard input.isInteractive else {
          let text = line.trimmingCharacters(in: .whitespaces)
          throw RKDebugError(
            "line \(input.lineNumber) of the stepper's input, \(InputLimits.quoted(text)): "
              + message
          )
        }
        write("error: \(message)")
      }
    }
  }

  // MARK: - Commands

  private func perform(_ command: StepperCommand) throws {
    switch command {
    case .next(let steps):
      guard cursor < count else {
        write("already at the last index, \(count)")
        return
      }
      try move(to: cursor + min(steps, count - cursor))  // `cursor + steps` may overflow.
    case .back(let steps):
      guard cursor > 0 else {
        write("already at the initial state, index 0")
        return
      }
      try move(to: max(0, cursor - steps))
    case .jump(let index):
      guard index <= count else {
        let indices =
          count == 0 ? "no actions, only the initial state, index 0" : "indices 0...\(count)"
        throw RKDebugError("index \(index) is out of range: this session has \(indices)")
      }
      try move(to: index)
    case .state(let path):
      try printState(path: path)
    case .diff:
      guard cursor > 0 else {
        write("index 0 is the initial state: no action led to it")
        return
      }
      let action = try reader.action(at: cursor)
      let oldState = try reader.stateJSON(at: cursor - 1)
      let newState = try reader.stateJSON(at: cursor)
      write(
        terminal.coloredDiff(changeText.text(for: action, oldState: oldState, newState: newState)))
    case .until(let text):
      try runUntil(text)
    case .help:
      write(StepperCommand.helpText)
    case .quit:
      break
    }
  }

  private func move(to index: Int) throws {
    cursor = index
    try replay(through: index)
    write(position())
  }

  /// Prints the state as `rkdebug state` does: JSON, or the value at a path.
  private func printState(path: String?) throws {
    let state = try reader.stateJSON(at: cursor)
    guard let path else {
      write(StateCommand.text(state, json: false))
      return
    }
    var resolver = PathResolver(path: try ValuePath(parsing: path), reader: reader)
    write(StateCommand.text(try resolver.value(in: state, at: cursor), json: false))
  }

  private func runUntil(_ text: String) throws {
    let predicate = try Predicate(parsing: text)
    let start = cursor
    try SessionKeys.validateTypos(in: predicate.paths, of: reader)
    _ = try reader.stateJSON(at: start)  // Leave the reader's cache where the cursor is.
    var index = cursor
    while index < count {
      index += 1
      if try predicate.evaluate(in: reader.stateJSON(at: index)) {
        try move(to: index)
        return
      }
    }
    _ = try reader.stateJSON(at: start)  // Leave the reader's cache where the cursor is.
    write("\(text) does not hold at any index after \(start); staying at \(start)")
  }

  // MARK: - Replay

  /// Advances the replay to `index` if it is behind, reporting the first divergence once.
  private func replay(through index: Int) throws {
    while replayer.index < index, replayer.divergence == nil, replayFailure == nil {
      do {
        try replayer.step(skipping: false)
      } catch let error as ReplayError {
        replayFailure = error
        write("error: \(error)")
        write("(the replay stops here; the stepper goes on showing the recorded states)")
      }
    }
    if let divergence = replayer.divergence, !reportedDivergence {
      reportedDivergence = true
      write(ReplayReport.divergenceText(divergence, terminal: terminal))
      write(
        "(the replay stops here; the stepper goes on showing the recorded states)"
      )
    }
  }

  /// `at 5 of 40: action 5 (sent) Todos.Action.addTodoButtonTapped`.
  private func position() -> String {
    guard cursor > 0 else { return "at 0 of \(count): the initial state" }
    guard let action = try? reader.action(at: cursor) else { return "at \(cursor) of \(count)" }
    var text =
      "at \(cursor) of \(count): action \(cursor) (\(action.source.text)) "
      + action.singleLineLabel
    if let divergence = replayer.divergence, cursor >= divergence.index {
      text += " [recorded state; the replay diverged at \(divergence.index)]"
    }
    return text
  }
}
