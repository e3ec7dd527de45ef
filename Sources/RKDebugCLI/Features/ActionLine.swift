/// One non-blank line of an actions file: the JSON of one action, and where it was.
struct ActionLine: Sendable, Equatable {
  /// The line's number in its file, from 1.
  var number: Int
  /// The line's text, without its line break.
  var text: String

  /// The non-blank lines of `text`, numbered from 1 (blank lines count but are skipped).
  static func lines(of text: String) -> [ActionLine] {
    var lines: [ActionLine] = []
    var number = 0
    // "\r\n" is one Character, so it is a separator of its own.
    let separated = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for line in separated {
      number += 1
      guard !line.allSatisfy(\.isWhitespace) else { continue }
      lines.append(ActionLine(number: number, text: String(line)))
    }
    return lines
  }
}
