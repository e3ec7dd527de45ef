import Foundation
import Testing

@testable import ReducerKit

/// `Result<Value, any Error>` is coded as Swift codes an enum, its failure as a
/// `RecordedError`, and a malformed one is refused with a `DecodingError` that says where.
@Suite struct ResultCodableTests {
  typealias Response = Result<Int, any Error>

  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  static func decode(_ json: String) throws -> Response {
    try JSONDecoder().decode(Response.self, from: Data(json.utf8))
  }

  @Test func aSuccessIsCodedAsAnEnumCase() throws {
    #expect(try Self.json(Response.success(42)) == #"{"success":{"_0":42}}"#)
    guard case .success(42) = try Self.decode(#"{"success":{"_0":42}}"#) else {
      Issue.record("not .success(42)")
      return
    }
    let rows = Result<[String], any Error>.success(["a", "b"])
    #expect(try Self.json(rows) == #"{"success":{"_0":["a","b"]}}"#)
  }

  @Test func aFailureIsCodedAsWhatItPrints() throws {
    let json = try Self.json(Response.failure(SampleErrors.APIError.timeout(seconds: 3)))
    let localized = SampleErrors.APIError.timeout(seconds: 3).localizedDescription
    #expect(
      json == """
        {"failure":{"_0":{"customDump":".timeout(seconds: 3)",\
        "description":"timeout(seconds: 3)","dumpsInline":false,\
        "localizedDescription":"\(localized)",\
        "type":"ReducerKitTests.SampleErrors.APIError"}}}
        """)
    guard case .failure(let error) = try Self.decode(json) else {
      Issue.record("not a failure")
      return
    }
    #expect(
      error as? RecordedError
        == RecordedError(
          type: "ReducerKitTests.SampleErrors.APIError", description: "timeout(seconds: 3)",
          localizedDescription: localized, customDump: ".timeout(seconds: 3)",
          dumpsInline: false))
  }

  @Test func aLocalizedErrorKeepsItsText() throws {
    let json = try Self.json(Response.failure(SampleErrors.Unavailable()))
    #expect(json.contains(#""localizedDescription":"The service is unavailable.""#))
    guard case .failure(let error) = try Self.decode(json) else {
      Issue.record("not a failure")
      return
    }
    #expect(error.localizedDescription == "The service is unavailable.")
  }

  static let failure = """
    {"failure":{"_0":{"customDump":".notFound","description":"notFound","dumpsInline":true,\
    "localizedDescription":"Not found.","type":"App.APIError"}}}
    """

  @Test(arguments: [
    (
      #"{}"#,
      #"A Result is an object with one key, "success" or "failure"; this one has neither."#
    ),
    (
      #"{"value":1}"#,
      #"A Result is an object with one key, "success" or "failure"; this one has neither."#
    ),
    (
      #"{"success":{"_0":1},"failure":{"_0":{}}}"#,
      #"A Result is an object with one key, "success" or "failure"; this one has both."#
    ),
    (#"[1]"#, "Expected to decode Dictionary<String, Any> but found an array instead."),
    (
      #"{"success":1}"#,
      "Expected to decode Dictionary<String, Any> but found number instead."
    ),
    (
      #"{"failure":{"_0":"notFound"}}"#,
      "Expected to decode Dictionary<String, Any> but found a string instead."
    ),
    (
      #"{"failure":{}}"#,
      #"No value associated with key ResultPayloadKey(stringValue: "_0", intValue: nil) ("_0")."#
    ),
    (
      failure.replacingOccurrences(of: #""type":"App.APIError""#, with: #""type":"""#),
      "A recorded error's type is the one-line name of a Swift type, not an empty string."
    ),
    (
      failure.replacingOccurrences(of: #""type":"App.APIError""#, with: #""type":"A\nB""#),
      "A recorded error's type is the one-line name of a Swift type, not text that spans lines."
    ),
    (
      failure.replacingOccurrences(of: #"".notFound""#, with: #"".a(\n  1\n)""#),
      "A recorded error whose customDump spans lines cannot dump inline: custom-dump puts such "
        + "a value on lines of its own."
    ),
    (
      failure.replacingOccurrences(of: #""description":"notFound","#, with: ""),
      "No value associated with key CodingKeys(stringValue: \"description\", intValue: nil) "
        + #"("description")."#
    ),
    (
      failure.replacingOccurrences(of: #""dumpsInline":true"#, with: #""dumpsInline":"yes""#),
      "Expected to decode Bool but found a string instead."
    ),
  ])
  func aMalformedResultIsADecodingError(json: String, message: String) throws {
    do {
      let result = try Self.decode(json)
      Issue.record("decoded \(result)")
    } catch let error as DecodingError {
      #expect(Self.debugDescription(of: error) == message)
    }
  }

  @Test func aHugeFailureDecodesOrIsRefusedWithoutACrash() throws {
    // Text of any length is kept as it was.
    let long = String(repeating: "x", count: 4 << 20)
    let huge = Self.failure.replacingOccurrences(of: "Not found.", with: long)
    guard case .failure(let error) = try Self.decode(huge) else {
      Issue.record("not a failure")
      return
    }
    #expect(error.localizedDescription == long)
    // Nesting where text belongs is refused by the parser's depth limit, not the stack.
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let nested = Self.failure.replacingOccurrences(of: #""Not found.""#, with: deep)
    #expect(throws: DecodingError.self) { try Self.decode(nested) }
    // Thousands of unknown keys are ignored, as in any Codable type.
    let extra = (0..<10_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    let wide = Self.failure.replacingOccurrences(
      of: #"{"customDump""#, with: "{\(extra),\"customDump\"")
    guard case .failure(let recorded) = try Self.decode(wide) else {
      Issue.record("not a failure")
      return
    }
    #expect((recorded as? RecordedError)?.type == "App.APIError")
  }

  static func debugDescription(of error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      context.debugDescription
    @unknown default:
      "\(error)"
    }
  }
}
