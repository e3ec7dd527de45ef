import Foundation

/// Encodes `Encodable` values to JSON text the way every part of the log does: sorted keys, no
/// escaped slashes, compact. Top-level scalars (`1`, `"text"`) are allowed.
struct JSONFragmentEncoder {
  private let encoder: JSONEncoder

  init() {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    self.encoder = encoder
  }

  /// The JSON text of `value`.
  func string(_ value: some Encodable) throws -> String {
    if let text = Self.scalarText(value) { return text }
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// The JSON text of an existential value.
  func string(any value: any Encodable) throws -> String {
    try string(value)
  }

  /// The text `JSONEncoder` gives for the scalars patches are mostly made of (integers,
  /// booleans, `null`, plain ASCII strings and JSON Pointers), written directly: a `JSONEncoder`
  /// call costs microseconds on Linux, and the log writer makes several per action.
  /// `nil` for anything else, which goes through `JSONEncoder`.
  private static func scalarText(_ value: Any) -> String? {
    switch value {
    case let wrapped as StateValue: return scalarText(wrapped.value)
    case let int as Int: return String(int)
    case let bool as Bool: return bool ? "true" : "false"
    case is JSONNull: return "null"
    case let string as String: return plainStringLiteral(string)
    default: return nil
    }
  }

  /// `"text"` for a string of printable ASCII without `"` or `\\`, which JSON writes as is;
  /// `nil` for a string that needs escaping.
  private static func plainStringLiteral(_ string: String) -> String? {
    for byte in string.utf8 where byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C {
      return nil
    }
    return "\"" + string + "\""
  }
}
