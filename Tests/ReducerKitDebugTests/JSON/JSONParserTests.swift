import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

@Suite("JSON parser")
struct JSONParserTests {
  @Test func parsesScalars() throws {
    #expect(try JSONValue(parsing: "null") == .null)
    #expect(try JSONValue(parsing: "true") == .bool(true))
    #expect(try JSONValue(parsing: "false") == .bool(false))
    #expect(try JSONValue(parsing: "\"hi\"") == .string("hi"))
    #expect(try JSONValue(parsing: " \t\r\n 7 \n") == .number("7"))
  }

  @Test(arguments: [
    "0", "-0", "1", "-1", "10", "1.5", "-0.25", "1e5", "1E5", "1e+5", "1e-5", "2.50", "1.0",
    "123456789012345678901234567890", "1.7976931348623157e+308", "5e-324", "0.000001",
    "1e-400", "-1.7976931348623157e308",
  ])
  func keepsNumberText(_ text: String) throws {
    #expect(try JSONValue(parsing: text) == .number(text))
    #expect(try JSONValue(parsing: "[\(text)]").serialized() == "[\(text)]")
  }

  @Test func parsesNestedValues() throws {
    let json = try JSONValue(parsing: #" { "a" : [ 1 , { "b" : null } , [ ] , { } ] , "c":"d" } "#)
    #expect(json == ["a": [1, ["b": .null], [], [:]], "c": "d"])
    #expect(json["a"]?[1]?["b"] == .null)
    #expect(json["a"]?.count == 4)
  }

  @Test func decodesEscapes() throws {
    let json = try JSONValue(parsing: #""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \u0000""#)
    #expect(json == .string("\" \\ / \u{8} \u{C} \n \r \t A é € \u{0}"))
  }

  @Test func decodesSurrogatePairs() throws {
    #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
    #expect(try JSONValue(parsing: #""a\uD834\uDD1Eb""#) == .string("a𝄞b"))
    #expect(try JSONValue(parsing: "\"😀 é 中\"") == .string("😀 é 中"))
  }

  @Test func keepsTheLastOfRepeatedKeys() throws {
    #expect(try JSONValue(parsing: #"{"a":1,"a":2}"#) == ["a": 2])
  }

  @Test func skipsAByteOrderMark() throws {
    #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
  }

  @Test func parsesEveryKindOfInput() throws {
    let text = #"{"x":[true,"é"]}"#
    let expected: JSONValue = ["x": [true, "é"]]
    #expect(try JSONValue(parsing: text) == expected)
    #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
    #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
    #expect(try JSONValue(parsing: Array(("  " + text).utf8).dropFirst(2)) == expected)
    #expect(try JSONValue(parsing: text.utf8) == expected)
    let slice = Data("__\(text)".utf8).dropFirst(2)
    #expect(try JSONValue(parsing: slice) == expected)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var input: [UInt8]
    var offset: Int
    var expected: String
    var found: String

    init(_ input: String, _ offset: Int, _ expected: String, _ found: String) {
      self.init(Array(input.utf8), offset, expected, found)
    }

    init(_ input: [UInt8], _ offset: Int, _ expected: String, _ found: String) {
      self.input = input
      self.offset = offset
      self.expected = expected
      self.found = found
    }

    var testDescription: String {
      String(decoding: input, as: UTF8.self)
    }
  }

  @Test(arguments: [
    Failure("", 0, "a JSON value", "the end of the input"),
    Failure("   ", 3, "a JSON value", "the end of the input"),
    Failure("nul", 3, "'null'", "the end of the input"),
    Failure("trux", 3, "'true'", "'x'"),
    Failure("[1,]", 3, "a JSON value", "']'"),
    Failure("[1 2]", 3, "',' or ']'", "'2'"),
    Failure("[1", 2, "',' or ']'", "the end of the input"),
    Failure(#"{"a":1,}"#, 7, "a member name in double quotes", "'}'"),
    Failure("{a:1}", 1, "a member name in double quotes", "'a'"),
    Failure(#"{"a" 1}"#, 5, "':' after the member name", "'1'"),
    Failure(#"{"a":1 "b":2}"#, 7, "',' or '}'", "'\"'"),
    Failure("1 2", 2, "the end of the input", "'2'"),
    Failure("01", 1, "'.', 'e' or the end of the number (no leading zeros)", "'1'"),
    Failure("-", 1, "a digit", "the end of the input"),
    Failure("-a", 1, "a digit", "'a'"),
    Failure("1.", 2, "a digit after the decimal point", "the end of the input"),
    Failure("1.e3", 2, "a digit after the decimal point", "'e'"),
    Failure("1e", 2, "a digit in the exponent", "the end of the input"),
    Failure("1e+", 3, "a digit in the exponent", "the end of the input"),
    Failure(".5", 0, "a JSON value", "'.'"),
    Failure("+1", 0, "a JSON value", "'+'"),
    Failure("NaN", 0, "a JSON value", "'N'"),
    Failure("1e400", 0, "a number a Double holds (at most 1.8e308 either side of 0)", "'1e400'"),
    Failure("[0,-1.8e308]", 3, "a number a Double holds (at most 1.8e308 either side of 0)",
      "'-1.8e308'"),
    Failure(String(repeating: "9", count: 400), 0,
      "a number a Double holds (at most 1.8e308 either side of 0)",
      "'\(String(repeating: "9", count: 40))'"),
    Failure(#""abc"#, 4, "'\"' to close the string that starts at byte 0", "the end of the input"),
    Failure(#"["a\"]"#, 6, "'\"' to close the string that starts at byte 1",
      "the end of the input"),
    Failure("\"a\nb\"", 2, "an escape such as \\n or \\u0000 for the control character",
      "control character U+000A"),
    Failure(#""\x""#, 2, #"an escape character: one of " \ / b f n r t u"#, "'x'"),
    Failure(#""\u12G4""#, 5, "a hexadecimal digit of a \\u escape", "'G'"),
    Failure(#""\u12""#, 5, "a hexadecimal digit of a \\u escape", "'\"'"),
    Failure(#""\ud83d""#, 7, "a \\u escape of a low surrogate (DC00-DFFF) to complete the pair",
      "'\"'"),
    Failure(#""\ud83d\u0041""#, 7,
      "a \\u escape of a low surrogate (DC00-DFFF) to complete the pair", "\\u0041"),
    Failure(#""\ude00""#, 1, "a high surrogate (D800-DBFF) before a low surrogate", "\\uDE00"),
    Failure([0x22, 0x61, 0xFF, 0x22], 2, "valid UTF-8", "byte 0xFF"),
    Failure([0x22, 0xC3, 0x28, 0x22], 2, "a UTF-8 continuation byte", "'('"),
    Failure([0x22, 0xC0, 0x80, 0x22], 1, "valid UTF-8", "byte 0xC0"),
    Failure([0x22, 0xED, 0xA0, 0x80, 0x22], 2, "a UTF-8 continuation byte", "byte 0xA0"),
    Failure([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2, "a UTF-8 continuation byte", "byte 0x90"),
    Failure("[1]\u{7F}", 3, "the end of the input", "control character U+007F"),
    Failure("{\n  \"a\": é\n}", 9, "a JSON value", "'é'"),
  ])
  func reportsWhereAndWhatWasExpected(_ failure: Failure) {
    let error = #expect(throws: JSONParseError.self) {
      try JSONValue(parsing: failure.input)
    }
    #expect(error?.offset == failure.offset)
    #expect(error?.expected == failure.expected)
    #expect(error?.found == failure.found)
  }

  @Test func reportsLineAndColumn() {
    let text = "{\n  \"a\": [1,\n    2,,\n  ]\n}"
    #expect(throws: JSONParseError(
      offset: 19, line: 3, column: 7, expected: "a JSON value", found: "','"
    )) {
      try JSONValue(parsing: text)
    }
    let error = JSONParseError(
      offset: 19, line: 3, column: 7, expected: "a JSON value", found: "','")
    #expect(
      error.description
        == "invalid JSON at byte 19 (line 3, column 7): expected a JSON value, found ','")
  }

  @Test func limitsNesting() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try JSONValue(parsing: deepest).serialized() == deepest)
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: tooDeep) }
    #expect(error?.offset == 512)
    let objects =
      String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
    #expect(throws: JSONParseError.self) { try JSONValue(parsing: objects) }
  }

  /// Text already in the writer's compact, sorted form is taken as it is, without building
  /// values; any other text is parsed and written, or fails as parsing fails.
  @Test(arguments: 0..<40)
  func takesCanonicalTextAsItIs(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    let value = JSONTestTrees.value(depth: 4, using: &random)
    let compact = value.serialized()
    var bytes = Array(compact.utf8)
    let canonical = bytes.withUnsafeBufferPointer { input in
      var parser = JSONValue.Parser(input: input)
      return parser.canonicalValueText(depth: 0).map { Array($0) }
    }
    // Strings with escapes and names beyond ASCII are written again; all else is copied.
    func hasNameBeyondASCII(_ value: JSONValue) -> Bool {
      switch value {
      case .object(let members):
        members.contains { !$0.key.utf8.allSatisfy { $0 < 0x80 } || hasNameBeyondASCII($0.value) }
      case .array(let elements): elements.contains(where: hasNameBeyondASCII)
      default: false
      }
    }
    let copies = !compact.contains("\\") && !hasNameBeyondASCII(value)
    #expect((canonical == bytes) == copies, "\(compact)")
    #expect(try JSONValue.serialized(parsing: compact) == compact)
    #expect(try JSONValue.serialized(parsing: value.serialized(pretty: true)) == compact)
  }

  @Test(arguments: [
    #"{"b":1,"a":2}"#, #"{"a":1,"a":2}"#, #"{"a":"x\ny"}"#, #"[1, 2]"#, " [1]", "[1] ",
    "\u{FEFF}[1]", #"{"a":[{"d":1,"c":2}]}"#, #"{"é":1,"e":2}"#, "[1e400]", "[01]", "[1,]",
    #"{"a":1"#, #"["\#u{01}"]"#, "", #"{"e\#u{301}":1,"\#u{E9}":2}"#,
    #"{"e\#u{301}":1,"f":2,"\#u{E9}":3}"#,
  ])
  func writesOtherTextAgainOrFailsAsParsingDoes(text: String) throws {
    var bytes = Array(text.utf8)
    let whole = bytes.withUnsafeBufferPointer { input in
      var parser = JSONValue.Parser(input: input)
      return parser.canonicalValueText(depth: 0)?.count == input.count
    }
    #expect(!whole)
    let parsed = Result { () throws(JSONParseError) in try JSONValue(parsing: text).serialized() }
    let taken = Result { () throws(JSONParseError) in try JSONValue.serialized(parsing: text) }
    #expect(taken == parsed)
  }

  @Test func checksNestingAsParsingDoes() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try JSONValue.serialized(parsing: deepest) == deepest)
    let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(throws: JSONParseError.self) { try JSONValue.serialized(parsing: tooDeep) }
  }

  @Test func agreesWithJSONSerializationOnAValidDocument() throws {
    let text = #"""
      {"todos":[{"id":"7F9C","isComplete":false,"title":"Milk \"2%\"","tags":["a","b"],
      "rank":-3.5e-2,"notes":null},{"id":"A1","isComplete":true,"title":"Eggs 🥚\t","tags":[],
      "rank":0,"notes":"x\/y"}],"count":2}
      """#
    let parsed = try JSONValue(parsing: text)
    let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let reencoded = try JSONSerialization.data(withJSONObject: foundation)
    #expect(try JSONValue(parsing: reencoded).isEquivalent(to: parsed))
  }
}
