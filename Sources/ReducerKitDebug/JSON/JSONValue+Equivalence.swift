extension JSONValue {
  /// Whether two values are equal as RFC 6902's `test` compares them: numbers by their value
  /// (`1`, `1.0` and `10e-1` are equivalent), arrays element by element, objects member by
  /// member, and everything else as `==` does.
  public func isEquivalent(to other: JSONValue) -> Bool {
    switch (self, other) {
    case let (.number(lhs), .number(rhs)):
      if lhs == rhs { return true }
      // Two different integers without leading zeros differ, but for -0 and 0.
      if let lhs = Self.canonicalInteger(lhs), let rhs = Self.canonicalInteger(rhs) {
        return lhs == rhs
      }
      guard let lhsValue = DecimalText(lhs), let rhsValue = DecimalText(rhs) else { return false }
      return lhsValue == rhsValue
    case let (.array(lhs), .array(rhs)):
      return lhs.count == rhs.count
        && zip(lhs, rhs).allSatisfy { $0.isEquivalent(to: $1) }
    case let (.object(lhs), .object(rhs)):
      return lhs.count == rhs.count
        && lhs.allSatisfy { key, value in rhs[key].map(value.isEquivalent(to:)) ?? false }
    default:
      return self == other
    }
  }

  /// Whether two values are the same JSON text but for the order of object members: strings
  /// and keys by their UTF-8, not by `String`'s `==`, under which canonically equivalent texts
  /// (`"caf\u{E9}"`, `"cafe\u{301}"`) are equal, and numbers by their text (`-0` is not `0`).
  public func isIdentical(to other: JSONValue) -> Bool {
    switch (self, other) {
    case let (.string(lhs), .string(rhs)):
      return lhs.utf8.elementsEqual(rhs.utf8)
    case let (.array(lhs), .array(rhs)):
      return lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0.isIdentical(to: $1) }
    case let (.object(lhs), .object(rhs)):
      return lhs.count == rhs.count
        && lhs.allSatisfy { key, value in
          guard let index = rhs.index(forKey: key) else { return false }
          return rhs[index].key.utf8.elementsEqual(key.utf8)
            && rhs[index].value.isIdentical(to: value)
        }
    case let (.number(lhs), .number(rhs)):
      return lhs.utf8.elementsEqual(rhs.utf8)
    default:
      return self == other
    }
  }

  /// `text` when it is an integer written without leading zeros, `"0"` for `-0`; `nil` for
  /// any other number, which ``DecimalText`` compares.
  private static func canonicalInteger(_ text: String) -> String? {
    var digits = text.utf8[...]
    if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
    guard let first = digits.first, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
      first != UInt8(ascii: "0") || digits.count == 1
    else { return nil }
    return first == UInt8(ascii: "0") ? "0" : text
  }

  /// The exact value of JSON number text, normalized: `-1.50e2`, `-150` and `-150.0` are all
  /// digits `15`, exponent `1`, negative.
  private struct DecimalText: Equatable {
    var isNegative = false
    /// Significant digits, without leading or trailing zeros; empty for zero.
    var digits: [UInt8] = []
    var exponent = 0

    init?(_ text: String) {
      var bytes = Array(text.utf8)[...]
      if bytes.first == UInt8(ascii: "-") {
        isNegative = true
        bytes = bytes.dropFirst()
      }
      let integer = bytes.prefix(while: Self.isDigit)
      bytes = bytes.dropFirst(integer.count)
      var fraction = bytes[bytes.startIndex..<bytes.startIndex]
      if bytes.first == UInt8(ascii: ".") {
        fraction = bytes.dropFirst().prefix(while: Self.isDigit)
        guard !fraction.isEmpty else { return nil }
        bytes = bytes.dropFirst(1 + fraction.count)
      }
      guard !integer.isEmpty else { return nil }
      if let marker = bytes.first, marker | 0x20 == UInt8(ascii: "e") {
        bytes = bytes.dropFirst()
        var exponentIsNegative = false
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
          exponentIsNegative = sign == UInt8(ascii: "-")
          bytes = bytes.dropFirst()
        }
        let exponentDigits = bytes.prefix(while: Self.isDigit)
        guard !exponentDigits.isEmpty else { return nil }
        bytes = bytes.dropFirst(exponentDigits.count)
        for digit in exponentDigits where exponent < 1_000_000_000 {
          exponent = exponent * 10 + Int(digit - UInt8(ascii: "0"))
        }
        if exponentIsNegative {
          exponent = -exponent
        }
      }
      guard bytes.isEmpty else { return nil }
      digits = Array((integer + fraction).drop(while: { $0 == UInt8(ascii: "0") }))
      exponent -= fraction.count
      while digits.last == UInt8(ascii: "0") {
        digits.removeLast()
        exponent += 1
      }
      if digits.isEmpty {
        isNegative = false
        exponent = 0
      }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
      byte &- UInt8(ascii: "0") < 10
    }
  }
}
