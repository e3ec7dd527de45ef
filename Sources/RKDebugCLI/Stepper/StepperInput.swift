import Foundation

/// Where the stepper's commands come from: standard input, with a prompt when it is a terminal
/// and silently (line by line, for scripts and tests) when it is not; or a fixed list of lines.
struct StepperInput {
  private var lines: [String]?
  /// Whether a person types the commands: the stepper then shows a prompt, and reports a bad
  /// command and goes on; a script's bad command ends the run instead.
  let isInteractive: Bool
  /// The number of lines read so far: the line number of the last one.
  private(set) var lineNumber = 0

  /// Commands from standard input: interactive when it is a terminal.
  static var standardInput: StepperInput {
    StepperInput(lines: nil, isInteractive: isatty(STDIN_FILENO) == 1)
  }

  /// Commands from `lines`, without a prompt; `isInteractive` says how bad commands are
  /// handled.
  static func lines(_ lines: [String], isInteractive: Bool = false) -> StepperInput {
    StepperInput(lines: lines, isInteractive: isInteractive)
  }

  /// The next line, after showing `prompt` if the input is a terminal; `nil` at the end.
  mutating func nextLine(prompt: String) -> String? {
    let line: String?
    if var lines {
      line = lines.isEmpty ? nil : lines.removeFirst()
      self.lines = lines
    } else {
      if isInteractive {
        print(prompt, terminator: "")
        fflush(nil)
      }
      line = readLine(strippingNewline: true)
    }
    if line != nil { lineNumber += 1 }
    return line
  }
}
