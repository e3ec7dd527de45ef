import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// `JSONValue.decoded(as:)` gives what `JSONDecoder` gives for the same JSON text: from the tree
/// for ordinary values, through `JSONDecoder` for what it treats specially and for failures.
@Suite("JSONValue decoding")
struct JSONValueDecodingTests {
  struct Row: Codable, Equatable {
    var id: UUID
    var title: String
    var done: Bool
  }

  enum Choice: Codable, Equatable {
    case plain
    case payload(Int, label: String)
    case row(Row?)
  }

  struct Everything: Codable, Equatable {
    var int = -12
    var int8: Int8 = -8
    var int16: Int16 = 16
    var int32: Int32 = -32
    var int64 = Int64.min
    var uint = UInt.max
    var uint8: UInt8 = 255
    var uint16: UInt16 = 16
    var uint32: UInt32 = 32
    var uint64 = UInt64.max
    var double = 0.1
    var tiny = 5e-324
    var huge = 1e300
    var negative = -2.5
    var bool = true
    var string = "say \"hi\"\n\u{1}é🙂"
    var optional: Int? = 7
    var absent: String? = nil
    var rows = [
      Row(id: UUID(0), title: "a", done: false), Row(id: UUID(1), title: "b", done: true),
    ]
    var byName = ["one": 1, "two": 2]
    var byNumber = [3: "three", -4: "minus four"]
    var date = Date(timeIntervalSinceReferenceDate: 123.25)
    var choices: [Choice] = [
      .plain, .payload(3, label: "x"), .row(nil), .row(Row(id: UUID(2), title: "c", done: false)),
    ]
    var holes: [Int?] = [1, nil, 3]
    var set: Set<String> = ["x", "y"]
    var nested: [[String: [Int]]] = [["a": [1, 2]], [:]]
  }

  /// The JSON `JSONEncoder` writes for `value`, parsed.
  private func tree(_ value: some Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try JSONValue(parsing: encoder.encode(value))
  }

  private func foundationDecoded<T: Decodable>(_ json: JSONValue, as type: T.Type) throws -> T {
    try JSONDecoder().decode(T.self, from: json.serializedData())
  }

  @Test func decodesOrdinaryValuesFromTheTree() throws {
    let value = Everything()
    let json = try tree(value)
    #expect(json.decodedFromTree(as: Everything.self) == value)
    #expect(try json.decoded(as: Everything.self) == foundationDecoded(json, as: Everything.self))
  }

  @Test func decodesTopLevelScalarsAndArrays() throws {
    #expect(JSONValue.number("42").decodedFromTree(as: Int.self) == 42)
    #expect(JSONValue.string("x").decodedFromTree(as: String.self) == "x")
    #expect(JSONValue.null.decodedFromTree(as: Int?.self) == .some(nil))
    #expect(try tree([1, 2, 3]).decodedFromTree(as: [Int].self) == [1, 2, 3])
    #expect(try tree(UUID(5)).decodedFromTree(as: UUID.self) == UUID(5))
  }

  @Test func leavesWhatJSONDecoderTreatsSpeciallyToIt() throws {
    struct Special: Codable, Equatable {
      var data = Data([0, 1, 254, 255])
      var url = URL(string: "https://example.com/a?b=c")!
      var decimal = Decimal(string: "12.3456789012345678901234")!
      var float: Float = 0.1
    }
    let json = try tree(Special())
    #expect(json.decodedFromTree(as: Special.self) == Special())
    #expect(try json.decoded(as: Special.self) == foundationDecoded(json, as: Special.self))
    #expect(try tree(Data([9])).decodedFromTree(as: Data.self) == Data([9]))
    // A leaf `JSONDecoder` cannot read sends the whole text to it, for its error.
    #expect(JSONValue.string("%%").decodedFromTree(as: Data.self) == nil)
  }

  @Test func integersNotWrittenAsDigitsGoToJSONDecoder() throws {
    for text in ["1.0", "1e2", "-0", "99999999999999999999"] {
      #expect(
        JSONValue.number(text).decodedFromTree(as: Int.self)
          == (try? foundationDecoded(.number(text), as: Int.self)), "\(text)")
      #expect(
        (try? JSONValue.number(text).decoded(as: Int.self))
          == (try? foundationDecoded(.number(text), as: Int.self)), "\(text)")
    }
  }

  /// A type that tries one way and then another, as `JSONValue`'s own `init(from:)` does: an
  /// error swallowed by `try?` that only `JSONDecoder` could settle must not change the result.
  @Test func aSwallowedQuestionStillGoesToJSONDecoder() throws {
    for text in ["1.5", "0.1", "1e+20", "123456789012345678901234567890.5", "-0", "7"] {
      let json = try JSONValue(parsing: "[\(text)]")
      #expect(
        try json.decoded(as: [JSONValue].self) == foundationDecoded(json, as: [JSONValue].self))
    }
  }

  @Test func failuresAreJSONDecodersErrors() throws {
    var json = try tree(Everything())
    var members = try #require(json.objectValue)
    members["int"] = .string("not a number")
    json = .object(members)
    let treeError = #expect(throws: DecodingError.self) { try json.decoded(as: Everything.self) }
    let foundationError = #expect(throws: DecodingError.self) {
      try foundationDecoded(json, as: Everything.self)
    }
    #expect(String(describing: treeError) == String(describing: foundationError))
    members["int"] = nil
    json = .object(members)
    #expect(throws: DecodingError.self) { try json.decoded(as: Everything.self) }
    #expect(json.decodedFromTree(as: Everything.self) == nil)
  }

  /// Synthesized `Codable` writes an `Int??` property holding `.some(nil)` as a `null` member,
  /// and `nil` as no member: both read back as written, where `JSONDecoder` reads `nil` twice.
  @Test func aNullMemberOfADoublyOptionalPropertyIsSomeNil() throws {
    struct Maybe: Codable, Equatable {
      var maybe: Int??
      var name: String?
    }
    for value in [Maybe(maybe: .some(nil)), Maybe(maybe: nil), Maybe(maybe: 1, name: "x")] {
      #expect(try tree(value).decoded(as: Maybe.self) == value)
    }
    // A `String?` present as `null` is `nil`, as `JSONDecoder` reads it.
    let json = try JSONValue(parsing: #"{"name":null}"#)
    #expect(try json.decoded(as: Maybe.self) == Maybe(maybe: nil, name: nil))
    #expect(try foundationDecoded(tree(Maybe(maybe: .some(nil))), as: Maybe.self).maybe == nil)
  }

  /// `IndexSet`'s decoder traps on a negative or overflowing range: a logged state holding one
  /// (an import lets it in) is refused with its place, on the tree and the `JSONDecoder` paths.
  @Test func anIndexSetRangeThatWouldTrapIsRefused() throws {
    struct Selection: Codable, Equatable {
      var rows: IndexSet
      var link: URL?
    }
    let good = try tree(Selection(rows: [1, 2, 5]))
    #expect(try good.decoded(as: Selection.self) == Selection(rows: [1, 2, 5]))
    for length in ["-5", "9223372036854775807"] {
      let json = try JSONValue(
        parsing: #"{"rows":{"indexes":[{"length":\#(length),"location":1}]}}"#)
      let error = #expect(throws: DecodingError.self) { try json.decoded(as: Selection.self) }
      let text = try DecodingErrorSummary.text(for: #require(error))
      #expect(
        text.hasPrefix("an IndexSet range at location 1 with length \(length) is out of bounds"))
      #expect(text.hasSuffix("at .rows.indexes[0]"), "\(text)")
    }
  }

  @Test func typeMismatchesFailWithoutFallingBackToSuccess() throws {
    #expect(JSONValue.string("1").decodedFromTree(as: Int.self) == nil)
    #expect(throws: DecodingError.self) { try JSONValue.number("1").decoded(as: Bool.self) }
    #expect(throws: DecodingError.self) { try JSONValue.bool(true).decoded(as: String.self) }
    #expect(throws: DecodingError.self) { try tree([1]).decoded(as: [String: Int].self) }
  }
}
