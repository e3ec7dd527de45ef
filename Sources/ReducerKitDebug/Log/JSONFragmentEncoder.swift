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

  /// Appends the JSON text of an existential value to `text`: scalars without an intermediate
  /// string.
  func append(any value: any Encodable, to text: inout String) throws {
    if Self.appendScalar(value, to: &text) { return }
    text += String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Appends the JSON text of a value a change holds: scalars by a `switch`, without a cast.
  func append(_ value: PendingValue, to text: inout String) throws {
    switch value {
    case .int(let int): text += String(int)
    case .string(let string): try append(string: string, to: &text)
    case .bool(let bool): text += bool ? "true" : "false"
    case .double(let double): text += String(decoding: try encoder.encode(double), as: UTF8.self)
    case .null: text += "null"
    case .encodable(let value): try append(any: value, to: &text)
    }
  }

  /// Appends `string` as a JSON string literal.
  func append(string: String, to text: inout String) throws {
    if Self.appendPlainStringLiteral(string, to: &text) { return }
    text += String(decoding: try encoder.encode(string), as: UTF8.self)
  }

  /// The text `JSONEncoder` gives for the scalars patches are mostly made of (integers,
  /// booleans, `null`, plain ASCII strings and JSON Pointers), written directly: a `JSONEncoder`
  /// call costs microseconds on Linux, and the log writer makes several per action.
  /// `nil` for anything else, which goes through `JSONEncoder`.
  private static func scalarText(_ value: Any) -> String? {
    var text = ""
    return appendScalar(value, to: &text) ? text : nil
  }

  /// Appends the text of a scalar ``scalarText(_:)`` handles and returns `true`; returns `false`,
  /// appending nothing, for any other value.
  private static func appendScalar(_ value: Any, to text: inout String) -> Bool {
    switch value {
    case let int as Int: text += String(int)
    case let bool as Bool: text += bool ? "true" : "false"
    case let string as String: return appendPlainStringLiteral(string, to: &text)
    default: return false
    }
    return true
  }

  /// Appends `"text"` for a string of printable ASCII without `"` or `\\`, which JSON writes as
  /// is, and returns `true`; returns `false` for a string that needs escaping.
  private static func appendPlainStringLiteral(_ string: String, to text: inout String) -> Bool {
    for byte in string.utf8 where byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x5C {
      return false
    }
    text += "\""
    text += string
    text += "\""
    return true
  }
}
