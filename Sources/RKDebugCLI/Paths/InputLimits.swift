/// The largest input rkdebug's parsers accept: paths, predicates, stepper commands and the
/// lines of an actions file.
///
/// Recursive-descent parsing uses the stack, so an input nested deeply enough (10,000
/// parentheses, 40,000 `!`) would overflow it and kill the process; past these bounds the
/// parsers stop with a one-line error instead. The JSON parser stops at 512 levels
/// (`JSONValue.Parser.maximumDepth`), as Foundation's `JSONDecoder` does.
enum InputLimits {
  /// How deeply a predicate may nest: parentheses, `!`, and each `&&` or `||` of a chain
  /// count one level each.
  static let maximumDepth = 256

  /// The longest path, predicate or stepper command line, in UTF-8 bytes (64 KiB).
  static let maximumLength = 65_536

  /// The longest line of a `record --actions` file, in UTF-8 bytes (16 MiB): an action may
  /// carry a large payload (a whole loaded list), so more than a path, but a bound all the
  /// same. `JSONDecoder` refuses more than 512 levels of nesting in it.
  static let maximumActionLineLength = 16 << 20

  /// The 1-based column of the first character of `text` past ``maximumLength`` bytes, or
  /// `nil` when the text is within it.
  static func columnPastMaximumLength(of text: String) -> Int? {
    guard text.utf8.count > maximumLength else { return nil }
    var bytes = 0
    var column = 0
    for character in text {
      column += 1
      bytes += character.utf8.count
      if bytes > maximumLength { return column }
    }
    return column
  }

  /// `text` in single quotes for an error message: whole when short, else its start and its
  /// length (`'((((…' (10000 bytes)`), so that a 64 KiB input does not make a 64 KiB line.
  static func quoted(_ text: String, limit: Int = 60) -> String {
    guard text.count > limit else { return "'\(text)'" }
    return "'\(text.prefix(limit))…' (\(text.utf8.count) bytes)"
  }
}
