import ReducerKitDebug

extension JSONValue {
  /// The kind of value, with an article, for messages: `a string`, `an array`, `nil`.
  var kindName: String {
    switch self {
    case .null: return "nil"
    case .bool: return "a Boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }

  /// Whether a predicate takes this value as true: `true`, a number other than 0, a non-empty
  /// string, array or object. `false`, `nil` (JSON `null` or absent), `0` and empty values
  /// are false.
  var isTruthy: Bool {
    switch self {
    case .null: return false
    case let .bool(value): return value
    case let .number(text): return (Double(text) ?? 0) != 0
    case let .string(string): return !string.isEmpty
    case let .array(elements): return !elements.isEmpty
    case let .object(members): return !members.isEmpty
    }
  }

  /// The case name of a Swift enum as synthesized `Codable` encodes it, `{"case": {…}}`: an
  /// object with one member whose value is an object.
  var enumCaseName: String? {
    guard case let .object(members) = self, members.count == 1,
      let (name, payload) = members.first, payload.objectValue != nil
    else { return nil }
    return name
  }

  /// Equality as predicates use it: numbers by value, `nil` equal only to `nil`, arrays and
  /// objects member by member, and a string equal to an enum case it names (`"loaded"` equals
  /// `{"loaded":{"_0":3}}`).
  func predicateEquals(_ other: JSONValue) -> Bool {
    switch (self, other) {
    case let (.number(lhs), .number(rhs)):
      if JSONValue.number(lhs).isEquivalent(to: .number(rhs)) { return true }
      guard let lhs = Double(lhs), let rhs = Double(rhs) else { return false }
      return lhs == rhs
    case let (.string(name), .object), let (.object, .string(name)):
      let object = self.objectValue != nil ? self : other
      return object.enumCaseName == name
    case let (.array(lhs), .array(rhs)):
      return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.predicateEquals($1) }
    case let (.object(lhs), .object(rhs)):
      return lhs.count == rhs.count
        && lhs.allSatisfy { key, value in rhs[key].map(value.predicateEquals) ?? false }
    default:
      return self == other
    }
  }
}
