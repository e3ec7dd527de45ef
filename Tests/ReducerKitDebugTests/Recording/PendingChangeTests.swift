import Foundation
import Testing

@testable import ReducerKitDebug

/// The writer builds each operation's text from bytes, with a shortcut for plain paths; the text
/// must be what `JSONEncoder` writes for the same pointer and values.
@Suite struct PendingChangeTests {
  private let fragments = JSONFragmentEncoder()

  /// RFC 6901, written independently of `PendingChange.pointer`.
  private func pointer(_ tokens: [String]) -> String {
    tokens.map {
      "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }.joined()
  }

  @Test(arguments: [
    ["count"], ["todos", "2", "isComplete"], [], [""], ["a~b"], ["a/b"], ["quote \" inside"],
    ["back\\slash"], ["tab\there"], ["naïve", "0"], ["emoji 🙂"], ["~/", "~1"],
  ])
  func operationsWriteWhatJSONEncoderWrites(path: [String]) throws {
    let pointerText = try encoderText(pointer(path))
    let replace = PendingChange(
      operation: .replace, path: path, value: .int(-12), oldValue: .string("a\"b")
    )
    #expect(
      try replace.compactJSON(using: fragments)
        == #"["=",\#(pointerText),-12,\#(try encoderText("a\"b"))]"#
    )
    let add = PendingChange(operation: .add, path: path, value: .bool(true))
    #expect(try add.compactJSON(using: fragments) == #"["+",\#(pointerText),true]"#)
    let remove = PendingChange(operation: .remove, path: path, oldValue: .null)
    #expect(try remove.compactJSON(using: fragments) == #"["-",\#(pointerText),null]"#)
    // No compact form for an `add` that keeps an old value: the RFC 6902 object.
    let other = PendingChange(operation: .add, path: path, value: .int(1), oldValue: .int(0))
    #expect(
      try other.compactJSON(using: fragments)
        == #"{"op":"add","path":\#(pointerText),"value":1,"old":0}"#
    )
    // And the whole patch is valid JSON.
    let patch = try [replace, add, remove, other].compactJSON(using: fragments)
    #expect(try JSONSerialization.jsonObject(with: Data(patch.utf8)) is [Any])
  }

  @Test func anEmptyPatchIsAnEmptyArray() throws {
    #expect(try [PendingChange]().compactJSON(using: fragments) == "[]")
  }
}
