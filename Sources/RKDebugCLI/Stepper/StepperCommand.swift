/// One command of the `replay --step` stepper, parsed from a line.
enum StepperCommand: Equatable {
  /// Moves forward by a number of actions (`next`, `n`, `next 5`).
  case next(Int)
  /// Moves back by a number of actions (`back`, `b`, `back 5`).
  case back(Int)
  /// Moves to an index (`jump 12`, `j 12`).
  case jump(Int)
  /// Prints the state, or the value at a path (`state`, `s todos[0].title`).
  case state(path: String?)
  /// Prints the change of the action that led to the current state (`diff`, `d`).
  case diff
  /// Moves forward until a predicate holds (`until todos.count > 3`, `u …`).
  case until(String)
  /// Prints the commands (`help`, `h`, `?`).
  case help
  /// Leaves the stepper (`quit`, `q`, `exit`, or the end of the input).
  case quit

  /// Why a line is not a command.
  struct ParseError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// The command on `line`, or `nil` for a blank line.
  ///
  /// A line longer than ``InputLimits/maximumLength`` bytes is refused; the paths and
  /// predicates of `state` and `until` are bounded again by their own parser.
  static func parse(_ line: String) throws(ParseError) -> StepperCommand? {
    guard line.utf8.count <= InputLimits.maximumLength else {
      throw ParseError(
        description: "the line is \(line.utf8.count) bytes long; a command is at most "
          + "\(InputLimits.maximumLength) bytes (64 KiB)"
      )
    }
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return nil }
    let name = String(trimmed.prefix { !$0.isWhitespace })
    let argument = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
    switch name {
    case "next", "n":
      return .next(try count(argument, for: name))
    case "back", "b":
      return .back(try count(argument, for: name))
    case "jump", "j":
      guard let index = Int(argument), index >= 0 else {
        throw ParseError(description: "'\(name)' needs an index: \(name) N")
      }
      return .jump(index)
    case "state", "s":
      return .state(path: argument.isEmpty ? nil : argument)
    case "diff", "d":
      try noArgument(argument, for: name)
      return .diff
    case "until", "u":
      guard !argument.isEmpty else {
        throw ParseError(description: "'\(name)' needs a predicate: \(name) todos.count > 3")
      }
      return .until(argument)
    case "help", "h", "?":
      return .help
    case "quit", "q", "exit":
      return .quit
    default:
      throw ParseError(description: "unknown command '\(name)'; type 'help' for the commands")
    }
  }

  private static func count(_ argument: String, for name: String) throws(ParseError) -> Int {
    guard !argument.isEmpty else { return 1 }
    guard let count = Int(argument), count >= 1 else {
      throw ParseError(description: "'\(name)' takes a count of 1 or more: \(name) 5")
    }
    return count
  }

  private static func noArgument(_ argument: String, for name: String) throws(ParseError) {
    guard argument.isEmpty else {
      throw ParseError(description: "'\(name)' takes no argument")
    }
  }

  /// The text of `help`.
  static let helpText = """
    commands:
      next [N], n      step forward one action (or N)
      back [N], b      step back one action (or N)
      jump N, j N      go to index N (0 is the initial state)
      state [PATH], s  print the state, or the value at PATH (todos[0].title)
      diff, d          print the change of the action that led here
      until EXPR, u    step forward until EXPR holds (todos.count > 3)
      help, h          print this list
      quit, q          leave the stepper
    """
}
