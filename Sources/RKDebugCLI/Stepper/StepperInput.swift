import Foundation

/// Where the stepper's commands come from: standard input, with a prompt when it is a terminal
/// and silently (line by line, for scripts and tests) when it is not; or a fixed list of lines.
struct StepperInput {
  private var lines: [String]?
  private let showsPrompt: Bool

  /// Commands from standard input; a prompt is shown only when it is a terminal.
  static var standardInput: StepperInput {
    StepperInput(lines: nil, showsPrompt: isatty(STDIN_FILENO) == 1)
  }

  /// Commands from `lines`, without a prompt.
  static func lines(_ lines: [String]) -> StepperInput {
    StepperInput(lines: lines, showsPrompt: false)
  }

  /// The next line, after showing `prompt` if the input is a terminal; `nil` at the end.
  mutating func nextLine(prompt: String) -> String? {
    if var lines {
      guard !lines.isEmpty else { return nil }
      let line = lines.removeFirst()
      self.lines = lines
      return line
    }
    if showsPrompt {
      print(prompt, terminator: "")
      fflush(nil)
    }
    return readLine(strippingNewline: true)
  }
}
