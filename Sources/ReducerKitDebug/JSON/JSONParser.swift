import Foundation

extension JSONValue {
  /// Parses JSON text (RFC 8259) from its UTF-8 bytes.
  ///
  /// Numbers keep their text. A repeated object key keeps its last value. A leading byte order
  /// mark is skipped. Strings must be valid UTF-8, and `\u` escapes must pair surrogates.
  public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
    let result =
      bytes.withContiguousStorageIfAvailable { Parser.parse($0) }
      ?? Array(bytes).withUnsafeBufferPointer { Parser.parse($0) }
    self = try result.get()
  }

  /// Parses JSON text (RFC 8259) from UTF-8 data.
  public init(parsing data: Data) throws(JSONParseError) {
    let result = data.withUnsafeBytes { Parser.parse($0.bindMemory(to: UInt8.self)) }
    self = try result.get()
  }

  /// Parses JSON text (RFC 8259).
  public init(parsing text: String) throws(JSONParseError) {
    var text = text
    let result = text.withUTF8 { Parser.parse($0) }
    self = try result.get()
  }

  /// `JSONValue(parsing: text).serialized()`: `text` itself when it is already that, as the
  /// recorder's sorted, compact JSON is, found without building the values.
  static func serialized(parsing text: String) throws(JSONParseError) -> String {
    var text = text
    let isCanonical = text.withUTF8 { bytes in
      var parser = Parser(input: bytes)
      return parser.canonicalValueText(depth: 0)?.count == bytes.count
    }
    return isCanonical ? text : try JSONValue(parsing: text).serialized()
  }
}

extension JSONValue {
  /// A recursive-descent JSON parser over UTF-8 bytes.
  struct Parser {
    /// How deeply arrays and objects may nest, as in Foundation's `JSONDecoder`.
    static let maximumDepth = 512

    private let input: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    /// Reused for strings that contain escapes.
    private var scratch: [UInt8] = []

    init(input: UnsafeBufferPointer<UInt8>) {
      self.input = input
    }

    /// The input bytes in `range`: the text of a value read, to copy it as it is.
    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: input[range])
    }

    static func parse(_ input: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONParseError> {
      var parser = Parser(input: input)
      return Result { () throws(JSONParseError) in try parser.parseDocument() }
    }

    private mutating func parseDocument() throws(JSONParseError) -> JSONValue {
      if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
        position = 3
      }
      skipWhitespace()
      let value = try parseValue(depth: 0)
      skipWhitespace()
      guard position == input.count else {
        throw error(expected: "the end of the input")
      }
      return value
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
      guard position < input.count else {
        throw error(expected: "a JSON value")
      }
      switch input[position] {
      case .jsonQuote:
        return .string(try parseString())
      case UInt8(ascii: "{"):
        return try parseObject(depth: depth + 1)
      case UInt8(ascii: "["):
        return try parseArray(depth: depth + 1)
      case UInt8(ascii: "t"):
        try parseLiteral("true")
        return .bool(true)
      case UInt8(ascii: "f"):
        try parseLiteral("false")
        return .bool(false)
      case UInt8(ascii: "n"):
        try parseLiteral("null")
        return .null
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return .number(try parseNumber())
      default:
        throw error(expected: "a JSON value")
      }
    }

    private mutating func parseLiteral(_ literal: StaticString) throws(JSONParseError) {
      let count = literal.utf8CodeUnitCount
      let bytes = literal.utf8Start
      for offset in 0..<count {
        guard position < input.count, input[position] == bytes[offset] else {
          throw error(expected: "'\(literal)'")
        }
        position += 1
      }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
      guard try !enterContainer(depth: depth, closing: UInt8(ascii: "]")) else {
        return .array([])
      }
      var elements: [JSONValue] = []
      repeat {
        elements.append(try parseValue(depth: depth))
      } while try !readSeparator(closing: UInt8(ascii: "]"))
      return .array(elements)
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
      guard try !enterContainer(depth: depth, closing: UInt8(ascii: "}")) else {
        return .object([:])
      }
      var members: [String: JSONValue] = [:]
      repeat {
        guard position < input.count, input[position] == .jsonQuote else {
          throw error(expected: "a member name in double quotes")
        }
        let key = try parseString()
        skipWhitespace()
        guard position < input.count, input[position] == UInt8(ascii: ":") else {
          throw error(expected: "':' after the member name")
        }
        position += 1
        skipWhitespace()
        members[key] = try parseValue(depth: depth)
      } while try !readSeparator(closing: UInt8(ascii: "}"))
      return .object(members)
    }

    /// Reads the opening bracket of an array or object at `depth`; whether the container is
    /// empty, its `close` read too.
    private mutating func enterContainer(
      depth: Int, closing close: UInt8
    ) throws(JSONParseError) -> Bool {
      guard depth <= Self.maximumDepth else {
        throw error(expected: "at most \(Self.maximumDepth) nested arrays and objects")
      }
      position += 1
      skipWhitespace()
      guard position < input.count, input[position] == close else { return false }
      position += 1
      return true
    }

    /// Reads what follows an element or member: `,` before the next one (`false`), or the
    /// container's `close` (`true`).
    private mutating func readSeparator(closing close: UInt8) throws(JSONParseError) -> Bool {
      skipWhitespace()
      guard position < input.count else { throw separatorError(closing: close) }
      switch input[position] {
      case UInt8(ascii: ","):
        position += 1
        skipWhitespace()
        return false
      case close:
        position += 1
        return true
      default:
        throw separatorError(closing: close)
      }
    }

    private func separatorError(closing close: UInt8) -> JSONParseError {
      error(expected: close == UInt8(ascii: "]") ? "',' or ']'" : "',' or '}'")
    }

    /// Skips whitespace, then `byte` if it comes next; whether it did. For readers of a JSON
    /// form of their own, such as the log's compact patches.
    mutating func skip(_ byte: UInt8) -> Bool {
      skipWhitespace()
      guard position < input.count, input[position] == byte else { return false }
      position += 1
      return true
    }

    /// Skips whitespace and returns the next byte, without reading it; `nil` at the end.
    mutating func peek() -> UInt8? {
      skipWhitespace()
      return position < input.count ? input[position] : nil
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
      skipWhitespace()
      return position == input.count
    }

    @inline(__always)
    mutating func skipWhitespace() {
      while position < input.count {
        switch input[position] {
        case 0x20, 0x0A, 0x0D, 0x09:
          position += 1
        default:
          return
        }
      }
    }

    // MARK: Numbers

    /// Reads a number and returns its text. A number beyond a `Double`'s range (`1e400`) is an
    /// error: no Swift number decodes or encodes it, and storing it would fail later.
    private mutating func parseNumber() throws(JSONParseError) -> String {
      let start = position
      if input[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard isDigit(at: position) else {
        throw error(expected: "a digit")
      }
      if input[position] == UInt8(ascii: "0") {
        position += 1
        if isDigit(at: position) {
          throw error(expected: "'.', 'e' or the end of the number (no leading zeros)")
        }
      } else {
        skipDigits()
      }
      if position < input.count, input[position] == UInt8(ascii: ".") {
        position += 1
        guard isDigit(at: position) else {
          throw error(expected: "a digit after the decimal point")
        }
        skipDigits()
      }
      var hasExponent = false
      if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
        hasExponent = true
        position += 1
        if position < input.count,
          input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-")
        {
          position += 1
        }
        guard isDigit(at: position) else {
          throw error(expected: "a digit in the exponent")
        }
        skipDigits()
      }
      let text = makeString(start..<position)
      // Without an exponent, fewer than 309 digits always fit.
      if hasExponent || position - start > 308, !(Double(text)?.isFinite ?? false) {
        position = start
        throw error(
          expected: "a number a Double holds (at most 1.8e308 either side of 0)",
          found: "'\(text.prefix(40))'"
        )
      }
      return text
    }

    @inline(__always)
    private func isDigit(at index: Int) -> Bool {
      index < input.count && input[index] &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private mutating func skipDigits() {
      while isDigit(at: position) {
        position += 1
      }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
      let opening = position
      let start = position + 1
      let index = try plainStringEnd(from: start)
      guard index < input.count else {
        position = index
        throw error(expected: "'\"' to close the string that starts at byte \(opening)")
      }
      switch input[index] {
      case .jsonQuote:
        position = index + 1
        return makeString(start..<index)
      case .jsonBackslash:
        return try parseEscapedString(opening: opening, escape: index)
      default:
        position = index
        throw error(expected: "an escape such as \\n or \\u0000 for the control character")
      }
    }

    /// The index of the first byte from `start` that ends the plain part of a string: its
    /// closing quote, a backslash, a control character, or the end of the input; the UTF-8
    /// before it checked.
    @inline(__always)
    private mutating func plainStringEnd(from start: Int) throws(JSONParseError) -> Int {
      var index = start
      while index < input.count {
        let byte = input[index]
        if byte >= 0x20, byte != .jsonQuote, byte != .jsonBackslash, byte < 0x80 {
          index += 1
        } else if byte >= 0x80 {
          index = try validateUTF8(at: index)
        } else {
          return index
        }
      }
      return index
    }

    /// Reads the rest of a string from its first backslash, into `scratch`.
    private mutating func parseEscapedString(
      opening: Int, escape: Int
    ) throws(JSONParseError) -> String {
      scratch.removeAll(keepingCapacity: true)
      scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[(opening + 1)..<escape]))
      var index = escape
      while index < input.count {
        let byte = input[index]
        if byte >= 0x20, byte != .jsonQuote, byte != .jsonBackslash, byte < 0x80 {
          let runStart = index
          index += 1
          while index < input.count {
            let next = input[index]
            guard next >= 0x20, next != .jsonQuote, next != .jsonBackslash, next < 0x80 else {
              break
            }
            index += 1
          }
          scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
        } else if byte == .jsonQuote {
          position = index + 1
          return String(decoding: scratch, as: UTF8.self)
        } else if byte == .jsonBackslash {
          index = try parseEscape(at: index)
        } else if byte >= 0x80 {
          let end = try validateUTF8(at: index)
          scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<end]))
          index = end
        } else {
          position = index
          throw error(expected: "an escape such as \\n or \\u0000 for the control character")
        }
      }
      position = index
      throw error(expected: "'\"' to close the string that starts at byte \(opening)")
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`, and returns the index
    /// after it.
    private mutating func parseEscape(at index: Int) throws(JSONParseError) -> Int {
      let letter = index + 1
      guard letter < input.count else {
        position = letter
        throw error(expected: "an escape character")
      }
      let decoded: UInt8
      switch input[letter] {
      case .jsonQuote: decoded = .jsonQuote
      case .jsonBackslash: decoded = .jsonBackslash
      case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
      case UInt8(ascii: "b"): decoded = 0x08
      case UInt8(ascii: "f"): decoded = 0x0C
      case UInt8(ascii: "n"): decoded = 0x0A
      case UInt8(ascii: "r"): decoded = 0x0D
      case UInt8(ascii: "t"): decoded = 0x09
      case UInt8(ascii: "u"):
        return try parseUnicodeEscape(at: index)
      default:
        position = letter
        throw error(expected: "an escape character: one of \" \\ / b f n r t u")
      }
      scratch.append(decoded)
      return letter + 1
    }

    /// Decodes a `\uXXXX` escape (or a surrogate pair of them) into `scratch`, and returns the
    /// index after it.
    private mutating func parseUnicodeEscape(at index: Int) throws(JSONParseError) -> Int {
      let unit = try readHex4(at: index + 2)
      var end = index + 6
      let scalar: UInt32
      switch unit {
      case 0xD800...0xDBFF:
        guard end + 1 < input.count, input[end] == .jsonBackslash,
          input[end + 1] == UInt8(ascii: "u")
        else {
          position = end
          throw error(expected: "a \\u escape of a low surrogate (DC00-DFFF) to complete the pair")
        }
        let low = try readHex4(at: end + 2)
        guard (0xDC00...0xDFFF).contains(low) else {
          position = end
          throw error(
            expected: "a \\u escape of a low surrogate (DC00-DFFF) to complete the pair",
            found: hexEscape(low)
          )
        }
        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        end += 6
      case 0xDC00...0xDFFF:
        position = index
        throw error(
          expected: "a high surrogate (D800-DBFF) before a low surrogate",
          found: hexEscape(unit)
        )
      default:
        scalar = unit
      }
      appendUTF8(scalar)
      return end
    }

    private mutating func readHex4(at index: Int) throws(JSONParseError) -> UInt32 {
      var value: UInt32 = 0
      for offset in 0..<4 {
        let digit: UInt8
        if index + offset < input.count {
          let byte = input[index + offset]
          switch byte {
          case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
          case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
          case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
          default: digit = 0xFF
          }
        } else {
          digit = 0xFF
        }
        guard digit != 0xFF else {
          position = index + offset
          throw error(expected: "a hexadecimal digit of a \\u escape")
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }

    private func hexEscape(_ unit: UInt32) -> String {
      let hex = String(unit, radix: 16, uppercase: true)
      return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
      switch scalar {
      case 0..<0x80:
        scratch.append(UInt8(scalar))
      case 0x80..<0x800:
        scratch.append(UInt8(0xC0 | scalar >> 6))
        scratch.append(UInt8(0x80 | scalar & 0x3F))
      case 0x800..<0x10000:
        scratch.append(UInt8(0xE0 | scalar >> 12))
        scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        scratch.append(UInt8(0x80 | scalar & 0x3F))
      default:
        scratch.append(UInt8(0xF0 | scalar >> 18))
        scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
        scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
        scratch.append(UInt8(0x80 | scalar & 0x3F))
      }
    }

    /// Checks the UTF-8 sequence whose first byte is at `index` (RFC 3629: no overlong forms, no
    /// surrogates, nothing above U+10FFFF), and returns the index after it.
    private mutating func validateUTF8(at index: Int) throws(JSONParseError) -> Int {
      let length: Int
      var lower: UInt8 = 0x80
      var upper: UInt8 = 0xBF
      switch input[index] {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; lower = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; upper = 0x9F
      case 0xF0: length = 4; lower = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; upper = 0x8F
      default:
        position = index
        throw error(expected: "valid UTF-8")
      }
      for offset in 1..<length {
        let continuation = index + offset
        guard continuation < input.count, input[continuation] >= lower,
          input[continuation] <= upper
        else {
          position = continuation
          throw error(expected: "a UTF-8 continuation byte")
        }
        lower = 0x80
        upper = 0xBF
      }
      return index + length
    }

    /// A string from input bytes known to be valid UTF-8.
    @inline(__always)
    private func makeString(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: input[range]), as: UTF8.self)
    }

    // MARK: Canonical text

    /// Reads the next value, which nests in `depth` arrays and objects, when its text is
    /// exactly what ``JSONValue/Writer`` writes for it compactly: no white space, members in
    /// strictly increasing UTF-8 order of their names, strings without escapes. Returns that
    /// text, to copy as it is instead of parsing and writing it again.
    ///
    /// Returns `nil`, leaving the position where it was, for any other text, valid or not:
    /// the caller then parses the value, which says what is wrong with it.
    mutating func canonicalValueText(depth: Int) -> UnsafeBufferPointer<UInt8>? {
      let start = position
      guard (try? skipCanonicalValue(depth: depth)) == true else {
        position = start
        return nil
      }
      return bytes(in: start..<position)
    }

    /// Moves past a canonical value (``canonicalValueText(depth:)``); `false` when it is not
    /// one, throws when it is not JSON.
    private mutating func skipCanonicalValue(depth: Int) throws(JSONParseError) -> Bool {
      guard position < input.count else { return false }
      switch input[position] {
      case .jsonQuote:
        return try skipCanonicalString() != nil
      case UInt8(ascii: "["):
        guard depth < Self.maximumDepth else { return false }
        position += 1
        if position < input.count, input[position] == UInt8(ascii: "]") {
          position += 1
          return true
        }
        repeat {
          guard try skipCanonicalValue(depth: depth + 1) else { return false }
        } while skipCanonical(UInt8(ascii: ","))
        return skipCanonical(UInt8(ascii: "]"))
      case UInt8(ascii: "{"):
        guard depth < Self.maximumDepth else { return false }
        position += 1
        if position < input.count, input[position] == UInt8(ascii: "}") {
          position += 1
          return true
        }
        var previous: Range<Int>?
        repeat {
          // The writer sorts members by the UTF-8 bytes of their names. A name beyond ASCII
          // may equal another as a `String` (é composed and decomposed), which parsing
          // merges: such text is parsed.
          guard let name = try skipCanonicalString(), input[name].allSatisfy({ $0 < 0x80 }),
            previous.map({ input[$0].lexicographicallyPrecedes(input[name]) }) ?? true,
            skipCanonical(UInt8(ascii: ":")), try skipCanonicalValue(depth: depth + 1)
          else { return false }
          previous = name
        } while skipCanonical(UInt8(ascii: ","))
        return skipCanonical(UInt8(ascii: "}"))
      case UInt8(ascii: "t"):
        try parseLiteral("true")
      case UInt8(ascii: "f"):
        try parseLiteral("false")
      case UInt8(ascii: "n"):
        try parseLiteral("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        // The writer writes a number as its text.
        _ = try parseNumber()
      default:
        return false
      }
      return true
    }

    /// Reads the next value when it is a string without escapes, and returns the range of its
    /// contents; `nil`, leaving the position where it was, for any other value.
    mutating func plainString() throws(JSONParseError) -> Range<Int>? {
      let start = position
      guard let contents = try skipCanonicalString() else {
        position = start
        return nil
      }
      return contents
    }

    /// Moves past a string without escapes and returns the range of its contents; `nil` for a
    /// string with escapes, throws for one that is not JSON.
    private mutating func skipCanonicalString() throws(JSONParseError) -> Range<Int>? {
      guard position < input.count, input[position] == .jsonQuote else { return nil }
      let start = position + 1
      let index = try plainStringEnd(from: start)
      guard index < input.count, input[index] == .jsonQuote else { return nil }
      position = index + 1
      return start..<index
    }

    /// Moves past `byte` when it comes next, with no white space before it; whether it did.
    private mutating func skipCanonical(_ byte: UInt8) -> Bool {
      guard position < input.count, input[position] == byte else { return false }
      position += 1
      return true
    }

    // MARK: Errors

    /// An error at `position`.
    private func error(expected: String, found: String? = nil) -> JSONParseError {
      let offset = min(position, input.count)
      var line = 1
      var lineStart = 0
      for index in 0..<offset where input[index] == 0x0A {
        line += 1
        lineStart = index + 1
      }
      return JSONParseError(
        offset: offset, line: line, column: offset - lineStart + 1, expected: expected,
        found: found ?? describeInput(at: offset)
      )
    }

    /// What the input holds at `offset`, for an error message.
    private func describeInput(at offset: Int) -> String {
      guard offset < input.count else { return "the end of the input" }
      let byte = input[offset]
      switch byte {
      case 0x20..<0x7F:
        return "'\(Character(Unicode.Scalar(byte)))'"
      case 0..<0x20, 0x7F:
        return "control character U+00" + (byte < 0x10 ? "0" : "")
          + String(byte, radix: 16, uppercase: true)
      default:
        var iterator = input[offset..<min(offset + 4, input.count)].makeIterator()
        var decoder = UTF8()
        if case let .scalarValue(scalar) = decoder.decode(&iterator) {
          return "'\(Character(scalar))'"
        }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
      }
    }
  }
}

extension UInt8 {
  fileprivate static let jsonQuote = UInt8(ascii: "\"")
  fileprivate static let jsonBackslash = UInt8(ascii: "\\")
}
