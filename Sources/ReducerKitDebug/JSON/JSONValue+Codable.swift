import Foundation

/// `JSONValue` encodes as the JSON it is, and decodes from any JSON.
///
/// Through `JSONEncoder` and `JSONDecoder`, a number round-trips exactly when its text is the
/// way `JSONEncoder` writes numbers (integers, and `Double`s such as `0.1` or `1e+20`), which
/// covers everything encoded from Swift values. Other spellings keep their value but may change
/// form (`1.50` comes back as `1.5`). Use ``init(parsing:)`` and ``serialized(pretty:)`` to keep
/// number text exactly.
extension JSONValue: Codable {
  /// Decodes any JSON value: `null`, a Boolean, a string, a number, an array or an object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let integer = try? container.decode(Int64.self) {
      let isNegativeZero = integer == 0 && (try? container.decode(Double.self))?.sign == .minus
      self = .number(isNegativeZero ? "-0" : String(integer))
    } else if let integer = try? container.decode(UInt64.self) {
      self = .number(String(integer))
    } else if let double = try? container.decode(Double.self) {
      self = JSONValue.number(decoding: double, container: container)
    } else if let elements = try? container.decode([JSONValue].self) {
      self = .array(elements)
    } else if let members = try? container.decode([String: JSONValue].self) {
      self = .object(members)
    } else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected a JSON value")
    }
  }

  /// Encodes the value as the JSON it is.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null:
      try container.encodeNil()
    case let .bool(bool):
      try container.encode(bool)
    case let .number(text):
      try JSONValue.encode(number: text, into: &container)
    case let .string(string):
      try container.encode(string)
    case let .array(elements):
      try container.encode(elements)
    case let .object(members):
      try container.encode(members)
    }
  }

  /// A decoded non-integer number: the `Double`'s text when it holds the number exactly,
  /// otherwise the `Decimal`'s (which keeps up to 38 digits).
  private static func number(
    decoding double: Double, container: any SingleValueDecodingContainer
  ) -> JSONValue {
    let number = JSONValue(double) ?? .number("0")
    if let decimal = try? container.decode(Decimal.self), let text = number.numberText,
      Decimal(string: text) != decimal
    {
      return .number(decimal.description)
    }
    return number
  }

  /// Encodes number text as the Swift number `JSONEncoder` writes with the same text, if any;
  /// otherwise as the closest `Decimal` or `Double`.
  private static func encode(
    number text: String, into container: inout any SingleValueEncodingContainer
  ) throws {
    if let integer = Int64(text), String(integer) == text {
      try container.encode(integer)
    } else if let integer = UInt64(text), String(integer) == text {
      try container.encode(integer)
    } else if let double = Double(text), JSONValue(double)?.numberText == text {
      try container.encode(double)
    } else if let decimal = Decimal(string: text), decimal.description == text {
      try container.encode(decimal)
    } else if let double = Double(text), double.isFinite {
      try container.encode(double)
    } else {
      throw EncodingError.invalidValue(
        text,
        EncodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "'\(text)' is not a JSON number that fits a Double"
        )
      )
    }
  }
}
