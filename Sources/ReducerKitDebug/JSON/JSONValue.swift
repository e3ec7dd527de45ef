/// A JSON value, as parsed from or serialized to JSON text.
///
/// Numbers keep their exact text (`1`, `1.50`, `-2e10`), so parsing and serializing a document
/// reproduces its numbers byte for byte and no precision is lost. Two numbers are `==` only when
/// their text is identical; ``isEquivalent(to:)`` compares them by value.
///
/// Object members live in a `[String: JSONValue]`, which compares keys by Unicode canonical
/// equivalence: two keys that differ only in normalization (`"é"` and `"e\u{301}"`) are the
/// same member.
public enum JSONValue: Hashable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its JSON text (for example `"-12.5e3"`). It must be a valid JSON number: the
  /// serializer writes it as it is.
  case number(String)
  /// A string.
  case string(String)
  /// An array of values, in order.
  case array([JSONValue])
  /// An object: its members by name.
  case object([String: JSONValue])
}

extension JSONValue {
  /// An integer as a JSON number.
  public init(_ value: some BinaryInteger) {
    self = .number(String(value))
  }

  /// A finite floating-point number, written the way `JSONEncoder` writes it (`1.5`, `3`,
  /// `1e+20`); `nil` for infinities and NaN, which JSON cannot represent.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    var text = value.description
    if text.hasSuffix(".0") {
      text.removeLast(2)
    }
    self = .number(text)
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The Boolean, if this is one.
  public var boolValue: Bool? {
    if case let .bool(value) = self { return value }
    return nil
  }

  /// The string, if this is one.
  public var stringValue: String? {
    if case let .string(value) = self { return value }
    return nil
  }

  /// The number's JSON text, if this is a number.
  public var numberText: String? {
    if case let .number(text) = self { return text }
    return nil
  }

  /// The number as a `Double` (the nearest one), if this is a number.
  public var doubleValue: Double? {
    if case let .number(text) = self { return Double(text) }
    return nil
  }

  /// The number as an `Int`, if this is a number written as an integer that fits.
  public var intValue: Int? {
    if case let .number(text) = self { return Int(text) }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case let .array(elements) = self { return elements }
    return nil
  }

  /// The members, if this is an object.
  public var objectValue: [String: JSONValue]? {
    if case let .object(members) = self { return members }
    return nil
  }

  /// The number of elements of an array, members of an object or characters of a string; `nil`
  /// for other values.
  public var count: Int? {
    switch self {
    case let .array(elements): return elements.count
    case let .object(members): return members.count
    case let .string(string): return string.count
    case .null, .bool, .number: return nil
    }
  }

  /// The member named `key`, if this is an object that has one.
  public subscript(key: String) -> JSONValue? {
    if case let .object(members) = self { return members[key] }
    return nil
  }

  /// The element at `index`, if this is an array and `index` is in range.
  public subscript(index: Int) -> JSONValue? {
    if case let .array(elements) = self, elements.indices.contains(index) {
      return elements[index]
    }
    return nil
  }

  /// What kind of value this is, with an article, for messages: "an object", "a number".
  var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a Boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact JSON text.
  public var description: String {
    serialized()
  }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// A Boolean written in code, as in `let done: JSONValue = true`.
  public init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer written in code, as a JSON number.
  public init(integerLiteral value: Int) {
    self = .number(String(value))
  }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// A floating-point number written in code, in the text `JSONEncoder` would write (`1.5`,
  /// `1e+20`); the value must be finite.
  public init(floatLiteral value: Double) {
    guard let number = JSONValue(value) else {
      preconditionFailure("JSON has no representation for \(value)")
    }
    self = number
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string written in code.
  public init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array written in code, as in `let ids: JSONValue = [1, 2, 3]`.
  public init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// An object; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
}
