/// Why JSON text could not be parsed: where, what the parser expected there, and what it found.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The byte offset of the problem in the UTF-8 input, from 0.
  public var offset: Int
  /// The line of the problem, from 1.
  public var line: Int
  /// The column of the problem in bytes, from 1.
  public var column: Int
  /// What the parser expected at `offset`, such as `"',' or ']'"` or `"a JSON value"`.
  public var expected: String
  /// What it found there instead, such as `"'x'"` or `"the end of the input"`.
  public var found: String

  /// Creates an error for a problem at `offset` (`line` and `column`), where the parser
  /// expected `expected` and found `found`.
  public init(offset: Int, line: Int, column: Int, expected: String, found: String) {
    self.offset = offset
    self.line = line
    self.column = column
    self.expected = expected
    self.found = found
  }

  /// The message, as in `invalid JSON at byte 19 (line 3, column 7): expected a JSON value,
  /// found ','`.
  public var description: String {
    "invalid JSON at byte \(offset) (line \(line), column \(column)): expected \(expected), "
      + "found \(found)"
  }
}
