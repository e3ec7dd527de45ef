/// One non-blank line of an actions file: the JSON of one action, and where it was.
struct ActionLine: Sendable, Equatable {
  /// The line's number in its file, from 1.
  var number: Int
  /// The line's text, without its line break.
  var text: String
}

/// The non-blank lines of an actions file, numbered from 1 (blank lines count but are skipped),
/// read a block at a time so that a file of any length is read in bounded memory.
final class ActionLineReader {
  private let lines: LineReader
  private var number = 0

  /// Reads the actions file at `path`.
  init(path: String) throws {
    lines = try LineReader(file: path)
  }

  /// The next non-blank line, or `nil` at the end of the file.
  func next() throws -> ActionLine? {
    while var text = try lines.next() {
      number += 1
      if text.utf8.last == UInt8(ascii: "\r") { text.removeLast() }  // a "\r\n" line break
      if text.allSatisfy(\.isWhitespace) { continue }
      return ActionLine(number: number, text: text)
    }
    return nil
  }
}
