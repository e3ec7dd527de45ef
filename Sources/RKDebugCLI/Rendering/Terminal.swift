import Foundation

/// Where output goes and whether it may be colored.
///
/// Output is colored only when standard output is a terminal and `NO_COLOR` is not set to a
/// non-empty value (see <https://no-color.org>, which asks that an empty value be ignored);
/// piped or redirected output is plain text.
struct Terminal: Sendable {
  /// Whether ANSI colors are used.
  var isColored: Bool

  /// The terminal of this process: colored when standard output is a terminal and `NO_COLOR`
  /// is unset or empty.
  static var current: Terminal {
    Terminal(
      isColored: isatty(STDOUT_FILENO) == 1
        && !disablesColor(noColor: ProcessInfo.processInfo.environment["NO_COLOR"])
    )
  }

  /// Whether a `NO_COLOR` value turns colors off: any value but the empty string.
  static func disablesColor(noColor: String?) -> Bool {
    guard let noColor else { return false }
    return !noColor.isEmpty
  }

  /// Whether standard output is a terminal (whether or not it is colored).
  static var isOutputTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// Whether standard output is a pipe or socket: read by another program.
  static var isOutputPipe: Bool {
    var status = stat()
    guard fstat(STDOUT_FILENO, &status) == 0 else { return false }
    let type = Int(status.st_mode) & Int(S_IFMT)
    return type == Int(S_IFIFO) || type == Int(S_IFSOCK)
  }

  /// Plain output, for tests and pipes.
  static let plain = Terminal(isColored: false)

  /// An ANSI style.
  enum Style: String, Sendable {
    case bold = "1"
    case dim = "2"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case cyan = "36"
  }

  /// `text` in `style`, or as it is when output is not colored.
  func styled(_ text: String, _ style: Style) -> String {
    guard isColored, !text.isEmpty else { return text }
    return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
  }

  /// A diff with `-` lines red and `+` lines green.
  func coloredDiff(_ text: String) -> String {
    guard isColored else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      if line.hasPrefix("-") { return styled(String(line), .red) }
      if line.hasPrefix("+") { return styled(String(line), .green) }
      return String(line)
    }.joined(separator: "\n")
  }
}
