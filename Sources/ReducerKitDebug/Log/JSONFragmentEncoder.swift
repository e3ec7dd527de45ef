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
    var bytes: [UInt8] = []
    if Self.appendScalar(value, to: &bytes) { return String(decoding: bytes, as: UTF8.self) }
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  /// Appends the UTF-8 JSON text of an existential value to `bytes`: scalars without an
  /// intermediate string.
  func append(any value: any Encodable, to bytes: inout [UInt8]) throws {
    if Self.appendScalar(value, to: &bytes) { return }
    bytes += try encoder.encode(value)
  }

  /// Appends the UTF-8 JSON text of a value a change holds: scalars by a `switch`, without a
  /// cast.
  func append(_ value: PendingValue, to bytes: inout [UInt8]) throws {
    switch value {
    case .int(let int): Self.appendInteger(int, to: &bytes)
    case .string(let string): try append(string: string, to: &bytes)
    case .bool(let bool): bytes += bool ? Self.trueBytes : Self.falseBytes
    case .double(let double): bytes += try encoder.encode(double)
    case .null: bytes += Self.nullBytes
    case .encodable(let value): try append(any: value, to: &bytes)
    case .json(let value):
      var writer = JSONValue.Writer(appendingTo: [])
      swap(&writer.bytes, &bytes)
      writer.write(value)
      swap(&writer.bytes, &bytes)
    }
  }

  /// Appends `string` as a UTF-8 JSON string literal.
  func append(string: String, to bytes: inout [UInt8]) throws {
    if Self.appendPlainStringLiteral(string, to: &bytes) { return }
    bytes += try encoder.encode(string)
  }

  private static let trueBytes = Array("true".utf8)
  private static let falseBytes = Array("false".utf8)
  private static let nullBytes = Array("null".utf8)

  /// Appends the text `JSONEncoder` gives for the scalars patches are mostly made of (integers,
  /// booleans, plain ASCII strings and JSON Pointers) and returns `true`; returns `false`,
  /// appending nothing, for any other value, which goes through `JSONEncoder`. The writer
  /// encodes several such scalars per action, and `JSONEncoder` is made for whole documents.
  private static func appendScalar(_ value: Any, to bytes: inout [UInt8]) -> Bool {
    switch value {
    case let int as Int: appendInteger(int, to: &bytes)
    case let bool as Bool: bytes += bool ? trueBytes : falseBytes
    case let string as String: return appendPlainStringLiteral(string, to: &bytes)
    default: return false
    }
    return true
  }

  /// Appends the decimal digits of `value`, as `JSONEncoder` writes an `Int`.
  static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    // The magnitude, so that `Int.min` has one; its digits written from the last, into room
    // for the 20 digits of `UInt.max`, then appended at once.
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      bytes += UnsafeBufferPointer(rebasing: digits[start...])
    }
  }

  /// Appends `"text"` for a string of printable ASCII without `"` or `\\`, which JSON writes as
  /// is, and returns `true`; returns `false`, appending nothing, for a string that needs
  /// escaping.
  static func appendPlainStringLiteral(_ string: String, to bytes: inout [UInt8]) -> Bool {
    for byte in string.utf8 where !isPlain(byte) {
      return false
    }
    bytes.append(UInt8(ascii: "\""))
    bytes += string.utf8
    bytes.append(UInt8(ascii: "\""))
    return true
  }

  /// Whether JSON writes `byte` as is inside a string: printable ASCII other than `"` and `\\`.
  static func isPlain(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
  }
}
