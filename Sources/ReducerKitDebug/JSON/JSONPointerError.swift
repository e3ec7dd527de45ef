/// Why text is not an RFC 6901 JSON Pointer.
public enum JSONPointerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is not empty and does not start with `/`.
  case missingLeadingSlash(String)
  /// A `~` at this byte offset is not followed by `0` or `1`.
  case invalidEscape(String, offset: Int)

  /// A message that says what is wrong with the text and what a JSON Pointer looks like.
  public var description: String {
    switch self {
    case let .missingLeadingSlash(text):
      return
        "'\(text)' is not a JSON Pointer: it must be empty (the whole document) or start "
        + "with '/', as in '/todos/0'"
    case let .invalidEscape(text, offset):
      return
        "'\(text)' is not a JSON Pointer: the '~' at byte \(offset) must be followed by '0' "
        + "(for '~') or '1' (for '/')"
    }
  }
}
