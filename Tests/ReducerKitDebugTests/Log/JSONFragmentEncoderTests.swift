import Foundation
import Testing

@testable import ReducerKitDebug

/// The writer's shortcut for scalars must write exactly what `JSONEncoder` writes.
@Suite struct JSONFragmentEncoderTests {
  private let fragments = JSONFragmentEncoder()

  private func encoderText(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test(arguments: [0, 1, -1, 601, Int.max, Int.min])
  func integers(_ value: Int) throws {
    #expect(try fragments.string(value) == encoderText(value))
    #expect(try fragments.string(any: StateValue(value)) == encoderText(value))
  }

  @Test func booleansAndNull() throws {
    #expect(try fragments.string(true) == "true")
    #expect(try fragments.string(false) == "false")
    #expect(try fragments.string(JSONNull()) == "null")
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

  @Test func structuredValuesGoThroughJSONEncoder() throws {
    let value = ["b": [1, 2], "a": [3]]
    #expect(try fragments.string(value) == #"{"a":[3],"b":[1,2]}"#)
  }
}
