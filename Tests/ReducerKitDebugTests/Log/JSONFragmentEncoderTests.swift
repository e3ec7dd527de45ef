import Foundation
import Testing

@testable import ReducerKitDebug

/// The writer's shortcut for scalars must write exactly what `JSONEncoder` writes.
@Suite struct JSONFragmentEncoderTests {
  private let fragments = JSONFragmentEncoder()

  @Test(arguments: [0, 1, -1, 601, Int.max, Int.min])
  func integers(_ value: Int) throws {
    #expect(try fragments.string(value) == encoderText(value))
    var bytes: [UInt8] = []
    try fragments.append(PendingValue(value), to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == (try encoderText(value)))
  }

  @Test func booleansAndNull() throws {
    #expect(try fragments.string(true) == "true")
    #expect(try fragments.string(false) == "false")
    var bytes: [UInt8] = []
    try fragments.append(.null, to: &bytes)
    #expect(bytes == Array("null".utf8))
    #expect(try fragments.string(Int?.none) == "null")
    #expect(try fragments.string(Int?.some(3)) == "3")
  }

  @Test(arguments: [
    "", "plain", "/todos/2/isComplete", "a~b", "quote \" inside", "back\\slash", "tab\there",
    "line\nbreak", "\u{1}", "naïve", "emoji 🙂", "\u{2028}",
  ])
  func strings(_ value: String) throws {
    let text = try fragments.string(value)
    #expect(text == (try encoderText(value)))
    #expect(try JSONDecoder().decode(String.self, from: Data(text.utf8)) == value)
  }

  /// An imported array or object of integers skips `JSONEncoder`, and writes what it writes.
  @Test(arguments: [
    #"{"id":"a","title":"Milk \"2%\" / \\ \n\u0001 naïve 🙂 \u2028","done":false,"n":-7}"#,
    #"{"z":1,"a":{"é":[1,[2,{}],[]],"B":null,"e":9223372036854775807,"aa":-9223372036854775808}}"#,
    #"[[],{},"",true,[0,-1,{"y":{"x":"</script>"}}]]"#,
  ])
  func importedStructuredValuesAreWrittenAsJSONEncoderWritesThem(_ text: String) throws {
    let json = try JSONValue(parsing: text)
    let value = PendingValue(json: json)
    guard case .json = value else {
      Issue.record("\(text) is not written by JSONValue's writer")
      return
    }
    var fast: [UInt8] = []
    try fragments.append(value, to: &fast)
    var encoded: [UInt8] = []
    try fragments.append(.encodable(StateValue(json)), to: &encoded)
    #expect(String(decoding: fast, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
  }

  /// Numbers that are not integers keep `JSONEncoder`'s text for them.
  @Test(arguments: [#"[1.50]"#, #"{"a":1e2}"#, #"[18446744073709551615]"#, #"[-0]"#])
  func otherNumbersGoThroughJSONEncoder(_ text: String) throws {
    guard case .encodable = PendingValue(json: try JSONValue(parsing: text)) else {
      Issue.record("\(text) is written by JSONValue's writer")
      return
    }
  }

  @Test func structuredValuesGoThroughJSONEncoder() throws {
    let value = ["b": [1, 2], "a": [3]]
    #expect(try fragments.string(value) == #"{"a":[3],"b":[1,2]}"#)
  }

  /// A value read out of a state keeps its scalar type when it has one, and writes what
  /// `JSONEncoder` writes either way.
  @Test func pendingValuesWriteWhatJSONEncoderWrites() throws {
    struct Row: Encodable { var title = "t"; var done = true }
    let values: [(Any, String)] = [
      (42, try encoderText(42)),
      ("quote \" inside", try encoderText("quote \" inside")),
      (false, "false"),
      (0.1, try encoderText(0.1)),
      (1e300, try encoderText(1e300)),
      (2.0, try encoderText(2.0)),
      (Row(), try encoderText(Row())),
      (Int?.some(7) as Any, "7"),
    ]
    for (value, expected) in values {
      var bytes: [UInt8] = []
      try fragments.append(PendingValue(value), to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(value)")
    }
    guard case .int = PendingValue(Int?.some(7) as Any) else {
      Issue.record("an optional's payload is kept typed")
      return
    }
    guard case .encodable = PendingValue(Row()) else {
      Issue.record("a struct is kept as an Encodable")
      return
    }
  }
}
