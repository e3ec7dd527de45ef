import Foundation
import Testing

@testable import ReducerKitDebug

@Suite("JSON Pointer")
struct JSONPointerTests {
  /// The example document of RFC 6901, section 5.
  static let document: JSONValue = [
    "foo": ["bar", "baz"], "": 0, "a/b": 1, "c%d": 2, "e^f": 3, "g|h": 4, "i\\j": 5,
    "k\"l": 6, " ": 7, "m~n": 8,
  ]

  @Test(arguments: [
    ("", nil), ("/foo", ["bar", "baz"]), ("/foo/0", "bar"), ("/", 0), ("/a~1b", 1),
    ("/c%d", 2), ("/e^f", 3), ("/g|h", 4), ("/i\\j", 5), ("/k\"l", 6), ("/ ", 7), ("/m~0n", 8),
  ] as [(String, JSONValue?)])
  func resolvesTheRFCExamples(_ text: String, _ expected: JSONValue?) throws {
    let pointer = try JSONPointer(parsing: text)
    #expect(Self.document.value(at: pointer) == (expected ?? Self.document))
    #expect(pointer.description == text)
  }

  @Test func unescapesAndEscapesTokens() throws {
    let pointer = try JSONPointer(parsing: "/a~1b/~0/~01/~10/x~0~1y//é😀")
    #expect(pointer.tokens == ["a/b", "~", "~1", "/0", "x~/y", "", "é😀"])
    #expect(pointer.description == "/a~1b/~0/~01/~10/x~0~1y//é😀")
    #expect(JSONPointer(tokens: ["~1", "/"]).description == "/~01/~1")
    #expect(try JSONPointer(parsing: "/\u{301}").tokens == ["\u{301}"])
  }

  @Test(arguments: [
    "", "/", "//", "/a", "a", "~0", "/~", "/a~", "/a~2", "/a~0~1", "/~01", "/é~1x", "/~~0",
  ])
  func checksTextAsParsingDoes(_ text: String) {
    var utf8 = text
    let valid = utf8.withUTF8 { JSONPointer.isValid(utf8: $0) }
    #expect(valid == ((try? JSONPointer(parsing: text)) != nil))
  }

  @Test func buildsPointers() {
    let pointer = JSONPointer.root.appending("todos").appending(index: 3).appending("a/b")
    #expect(pointer.description == "/todos/3/a~1b")
    #expect(pointer.tokens == ["todos", "3", "a/b"])
    #expect(pointer.parent == ["todos", "3"].reduce(JSONPointer.root) { $0.appending($1) })
    #expect(pointer.lastToken == "a/b")
    #expect(pointer.hasPrefix("/todos"))
    #expect(pointer.hasPrefix(pointer))
    #expect(pointer.hasPrefix(.root))
    #expect(!pointer.hasPrefix("/todo"))
    #expect(JSONPointer.root.isRoot)
    #expect(JSONPointer.root.parent == nil)
    #expect(JSONPointer.root.description == "")
    #expect(("/a/0" as JSONPointer) == JSONPointer(tokens: ["a", "0"]))
  }

  @Test func rejectsInvalidText() {
    #expect(throws: JSONPointerError.missingLeadingSlash("a/b")) {
      try JSONPointer(parsing: "a/b")
    }
    #expect(throws: JSONPointerError.invalidEscape("/a~2", offset: 2)) {
      try JSONPointer(parsing: "/a~2")
    }
    #expect(throws: JSONPointerError.invalidEscape("/ok/~", offset: 4)) {
      try JSONPointer(parsing: "/ok/~")
    }
    #expect(
      JSONPointerError.invalidEscape("/a~2", offset: 2).description
        == "'/a~2' is not a JSON Pointer: the '~' at byte 2 must be followed by '0' (for '~') "
        + "or '1' (for '/')")
    #expect(JSONPointerError.missingLeadingSlash("x").description.contains("start with '/'"))
  }

  @Test func encodesAsItsText() throws {
    let pointers: [JSONPointer] = ["", "/a~1b/0", "/~0"]
    let data = try JSONEncoder().encode(pointers)
    #expect(String(decoding: data, as: UTF8.self) == #"["","\/a~1b\/0","\/~0"]"#)
    #expect(try JSONDecoder().decode([JSONPointer].self, from: data) == pointers)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([JSONPointer].self, from: Data(#"["nope"]"#.utf8))
    }
  }

  @Test func resolvesArrayIndicesStrictly() {
    let json: JSONValue = ["a": [10, 11, 12], "b": ["01": "member"]]
    #expect(json.value(at: "/a/2") == 12)
    #expect(json.value(at: "/a/3") == nil)
    #expect(json.value(at: "/a/-") == nil)
    #expect(json.value(at: "/a/01") == nil)
    #expect(json.value(at: "/a/+1") == nil)
    #expect(json.value(at: "/a/99999999999999999999999") == nil)
    #expect(json.value(at: "/b/01") == "member")
    #expect(json.value(at: "/a/0/x") == nil)
    #expect(json.value(at: "/c") == nil)
  }
}
