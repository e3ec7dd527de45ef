import ReducerKit
import Foundation
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

@Suite("JSON serialization")
struct JSONSerializationTests {
  /// The encoder whose output the serializer must reproduce byte for byte.
  static func encoded(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
  }

  /// Checks that parsing what `JSONEncoder` wrote and serializing it gives the same bytes.
  static func expectByteIdentical(
    _ value: some Encodable, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let data = try encoded(value)
    let json = try JSONValue(parsing: data)
    let text = String(decoding: data, as: UTF8.self)
    #expect(json.serialized() == text, sourceLocation: sourceLocation)
    #expect(json.serializedData() == data, sourceLocation: sourceLocation)
  }

  static let trickyStrings: [String] = [
    "", "plain", "quote \" inside", "back\\slash", "slash / and //", "tab\there", "new\nline",
    "cr\rlf\n", "bell \u{7} nul \u{0} esc \u{1B} us \u{1F}", "del \u{7F} nbsp \u{A0}",
    "é and e\u{301}", "中文", "emoji 😀👩‍👩‍👧 🇨🇭",
    "line sep \u{2028} para \u{2029}",
    "bom \u{FEFF}", "high \u{10FFFF}", "</script>", "\\u0041 is not an escape here",
  ]

  @Test func stringEscapingMatchesJSONEncoder() throws {
    try Self.expectByteIdentical(Self.trickyStrings)
    let controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
    try Self.expectByteIdentical(controls)
    try Self.expectByteIdentical(controls.joined())
    for string in Self.trickyStrings {
      try Self.expectByteIdentical(string)
    }
  }

  @Test func keyOrderMatchesJSONEncoder() throws {
    let keys = [
      "a", "B", "_x", "10", "9", "é", "Z", "z", "~", "ä", "", "aa", "a b", "😀", "\u{1}", "A",
      "ab", "a\u{0}", "-", "/", "Ω", "中",
    ]
    let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    try Self.expectByteIdentical(dictionary)
    let nested: [String: [String: [String: Int]]] = [
      "outer": ["x": dictionary], "B": ["9": dictionary, "10": [:]],
    ]
    try Self.expectByteIdentical(nested)
    // Decomposed "é" sorts by its bytes (after "f"), not as the precomposed character would.
    try Self.expectByteIdentical(["e\u{301}": 1, "f": 2, "ea": 3, "e": 4, "e\u{302}": 5])
  }

  struct Todo: Codable {
    var id: UUID
    var isComplete: Bool
    var title: String
    var tags: [String]
    var rank: Double
    var count: Int
    var notes: String?
    var meta: [String: Int]
  }

  struct State: Codable {
    var todos: [Todo]
    var filter: String
    var nested: [String: [String: [Int?]]]
    var big: UInt64
    var small: Int64
    var empty: [Int]
    var emptyObject: [String: String]
  }

  @Test func codableValuesRoundTripByteForByte() throws {
    var random = SplitMix64(seed: 1)
    let todos = (0..<20).map { index in
      Todo(
        id: UUID(), isComplete: index % 3 == 0,
        title: Self.trickyStrings[index % Self.trickyStrings.count],
        tags: Array(Self.trickyStrings.prefix(index % 4)),
        rank: Double.random(in: -1e6...1e6, using: &random), count: index * 1_000_003,
        notes: index.isMultiple(of: 2) ? nil : "note/\(index)",
        meta: ["B": 1, "a": 2, "_x": 3, "10": 4, "9": 5, "é": 6]
      )
    }
    let state = State(
      todos: todos, filter: "all", nested: ["x": ["y": [1, nil, 3]], "é": [:]],
      big: .max, small: .min, empty: [], emptyObject: [:]
    )
    try Self.expectByteIdentical(state)
  }

  @Test func numbersMatchJSONEncoder() throws {
    var random = SplitMix64(seed: 2)
    var doubles: [Double] = [
      0, -0.0, 1, -1, 0.1, 0.5, 1.5, 100, 1e15, 1e16, 1.5e16, 1e20, 1e21, 1e-5, 1e-7, .pi,
      .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 123456789.123,
    ]
    for _ in 0..<500 {
      doubles.append(Double(bitPattern: random.next()))
    }
    doubles = doubles.filter(\.isFinite)
    try Self.expectByteIdentical(doubles)
    let values = JSONValue.array(doubles.map { JSONValue($0)! })
    #expect(values.serializedData() == (try Self.encoded(doubles)))
    try Self.expectByteIdentical([Int.min, Int.max, 0, -1])
    try Self.expectByteIdentical([UInt64.max])
    try Self.expectByteIdentical([Float(0.1), Float(3.4e38), Float(-1.5)])
    #expect(JSONValue(Double.nan) == nil)
    #expect(JSONValue(Double.infinity) == nil)
    #expect(JSONValue(UInt8(7)) == .number("7"))
  }

  @Test func serializesCompactly() {
    let json: JSONValue = [
      "b": [1, 2.5, true, false, .null, "s"], "a": [:], "c": [], "d": ["z": 1, "y": [["x": 0]]],
    ]
    #expect(
      json.serialized()
        == #"{"a":{},"b":[1,2.5,true,false,null,"s"],"c":[],"d":{"y":[{"x":0}],"z":1}}"#)
    #expect(JSONValue.string("a/b").serialized() == #""a/b""#)
    #expect(JSONValue.number("-1.50e+3").serialized() == "-1.50e+3")
    #expect(json.description == json.serialized())
  }

  @Test func serializesPrettily() throws {
    let json: JSONValue = ["b": [1, ["x": "y"], []], "a": [:], "c": .null]
    #expect(
      json.serialized(pretty: true) == """
        {
          "a": {},
          "b": [
            1,
            {
              "x": "y"
            },
            []
          ],
          "c": null
        }
        """
    )
    #expect(JSONValue.bool(true).serialized(pretty: true) == "true")
    #expect(try JSONValue(parsing: json.serialized(pretty: true)) == json)
  }

  @Test func parsingThenSerializingIsTheIdentityOnCompactSortedText() throws {
    var random = SplitMix64(seed: 3)
    for _ in 0..<300 {
      let value = JSONTestTrees.value(depth: 4, using: &random)
      let text = value.serialized()
      let parsed = try JSONValue(parsing: text)
      #expect(parsed == value)
      #expect(parsed.serialized() == text)
      #expect(try JSONValue(parsing: value.serialized(pretty: true)) == value)
    }
  }

  @Test func codableThroughJSONEncoderAndDecoder() throws {
    let value: JSONValue = [
      "ints": [0, -7, .number("9223372036854775807"), .number("18446744073709551615")],
      "doubles": [0.1, 1.5, .number("1e+20"), .number("1e-07"), .number("-0")],
      "big": .number("123456789012345678901234567890"),
      "mixed": [.null, true, "s", ["k": []]],
    ]
    let data = try Self.encoded(value)
    #expect(String(decoding: data, as: UTF8.self) == value.serialized())
    #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)

    let loose: JSONValue = [.number("1.50"), .number("1E3"), .number("2.0")]
    let looseData = try Self.encoded(loose)
    #expect(String(decoding: looseData, as: UTF8.self) == "[1.5,1000,2]")
    let decoded = try JSONDecoder().decode(JSONValue.self, from: looseData)
    #expect(decoded.isEquivalent(to: loose))
  }

  @Test func accessors() {
    let json: JSONValue = ["n": 12, "d": 2.5, "s": "héllo", "a": [1, 2], "b": true, "z": .null]
    #expect(json["n"]?.intValue == 12)
    #expect(json["d"]?.doubleValue == 2.5)
    #expect(json["d"]?.intValue == nil)
    #expect(json["d"]?.numberText == "2.5")
    #expect(json["s"]?.stringValue == "héllo")
    #expect(json["s"]?.count == 5)
    #expect(json["a"]?.arrayValue == [1, 2])
    #expect(json["a"]?[1] == 2)
    #expect(json["a"]?[2] == nil)
    #expect(json["a"]?[-1] == nil)
    #expect(json["b"]?.boolValue == true)
    #expect(json["z"]?.isNull == true)
    #expect(json["missing"] == nil)
    #expect(json.count == 6)
    #expect(json.objectValue?.keys.sorted() == ["a", "b", "d", "n", "s", "z"])
    #expect(JSONValue.bool(true).count == nil)
    #expect(JSONValue.string("x")["k"] == nil)
  }
}
