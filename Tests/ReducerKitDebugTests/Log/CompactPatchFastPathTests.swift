import Testing

@testable import ReducerKitDebug

/// The readers of the `ops` text that skip building operations: the filter of a walk that
/// follows one value (`rkdebug history`) and the RFC 6902 writer of `rkdebug export`.
@Suite struct CompactPatchFastPathTests {
  static let patches = [
    "[]", " [ ] ", #"[["=","/count",1,0]]"#, #"[ [ "=" , "/count" , 1 , 0 ] ]"#,
    #"[["+","/todos/-",{"id":"a","title":"Milk \"2%\"","done":false}],["-","/x~1y/0",[1,[2]]]]"#,
    #"[["=","",{"n":1},{"n":0}]]"#, #"[{"op":"move","from":"/a","path":"/b"}]"#,
    #"[["=","/count",1,0],{"op":"copy","from":"/a","path":"/b"}]"#,
    #"[["=","/todos/0/title","caf\u00e9 \/ ok","café"],["+","/a~0b",-0.5e3]]"#,
    #"[["-","/todos",[{"title":"Milk"}]],["=","/todos/0",null,true],["+","/todos/00",false]]"#,
    #"[["=","/todos\/0\/title","b","a"],["+","/todos~10",1],["=","/to",1,2]]"#,
    #"[["+","/a",{"b":1,"a":[{"d":1,"c":2}]}],["=","/b",{"a":1,"a":2},{ "a" : [ ] }]]"#,
    #"[["=","/a",{"a":[1,{"c":"é"}],"b":{}},[]],["-","/b",{"t":"x\ny","u":[true,null]}]]"#,
    #"[["=","/a~1~0b/~01/",1,0],["+","",{"é":"\u0001"}],["-","/x/-",-0]]"#,
  ]

  static let bases: [JSONPointer] = [
    "", "/count", "/todos", "/todos/0", "/todos/0/title", "/a~0b", "/x/y", "/x~1y", "/b",
  ]

  func read(_ text: String) throws -> [JSONPatchOperation] {
    var pointers = JSONPointerCache()
    var text = text
    return try text.withUTF8 { try [JSONPatchOperation](compactText: $0, pointers: &pointers) }
  }

  /// The operations of `text` whose `path` or `from` is at, under or above `base`.
  func read(_ text: String, touching base: JSONPointer) throws -> [JSONPatchOperation] {
    var pointers = JSONPointerCache()
    var text = text
    return try text.withUTF8 {
      try [JSONPatchOperation](
        compactText: $0, keeping: { _, pointer in Self.related(pointer, base) ? .whole : .none },
        pointers: &pointers)
    }
  }

  /// Whether one pointer's tokens start with the other's: at, under or above.
  static func related(_ lhs: JSONPointer, _ rhs: JSONPointer) -> Bool {
    lhs.tokens.starts(with: rhs.tokens) || rhs.tokens.starts(with: lhs.tokens)
  }

  @Test(arguments: patches, bases)
  func keepsEveryOperationThatTouchesTheBaseAndNoOther(_ text: String, _ base: JSONPointer)
    throws
  {
    let expected = try read(text).filter { operation in
      Self.related(operation.path, base) || operation.from.map { Self.related($0, base) } == true
    }
    #expect(try read(text, touching: base) == expected)
  }

  @Test func keepsParentsChildrenAndEscapedTokensOfTheBase() throws {
    let text = #"""
      [["=","/todos",[],[]],["=","/todos/0/title","b","a"],["=","/todos/1","x","y"],\#
      ["+","/todos/00",1],["+","/todos~10",1],["=","",{},{}],["=","/to",1,2],\#
      ["=","/todos\/0",3,4]]
      """#
    let paths = try read(text, touching: "/todos/0").map(\.path.description)
    #expect(paths == ["/todos", "/todos/0/title", "", "/todos/0"])
    let escaped = #"[["=","/a~1b/c",1,0],["=","/a/b",1,0],["=","/a~0b",1,0]]"#
    #expect(
      try read(escaped, touching: JSONPointer(tokens: ["a/b"])).map(\.path.description)
        == ["/a~1b/c"])
    #expect(
      try read(escaped, touching: JSONPointer(tokens: ["a~b"])).map(\.path.description)
        == ["/a~0b"])
  }

  @Test func keepsAMoveObjectByItsFromOrItsPath() throws {
    let text = #"[{"op":"move","from":"/todos/0","path":"/done/0"},["=","/count",1,0]]"#
    #expect(try read(text, touching: "/todos").map(\.op) == [.move])
    #expect(try read(text, touching: "/done/0/title").map(\.op) == [.move])
    #expect(try read(text, touching: "/count").map(\.op) == [.replace])
    #expect(try read(text, touching: "/other").isEmpty)
  }

  /// An operation read for its place alone keeps its kind and path, its values `null`; the
  /// values it skips are still checked.
  @Test func readsOperationsForTheirPlaceWithoutTheirValues() throws {
    let text = #"""
      [["+","/todos/0",{"id":"A","title":"x"}],["=","/todos/1",{"id":"B"},{"id":"C"}],\#
      ["-","/todos/2",{"id":"D"}],["=","/filter","all","done"]]
      """#
    var pointers = JSONPointerCache()
    var utf8 = text
    let read = try utf8.withUTF8 {
      try [JSONPatchOperation](
        compactText: $0,
        keeping: { _, pointer in pointer.tokens.first == "todos" ? .place : .none },
        pointers: &pointers)
    }
    #expect(
      read == [
        .add("/todos/0", value: .null), .replace("/todos/1", value: .null, oldValue: .null),
        .remove("/todos/2", oldValue: .null),
      ])
    var malformed = #"[["+","/todos/0",{"id":]]"#
    #expect(throws: (any Error).self) {
      try malformed.withUTF8 {
        try [JSONPatchOperation](
          compactText: $0, keeping: { _, _ in .place }, pointers: &pointers)
      }
    }
  }

  @Test func reportsAMalformedPatchAsTheFullReaderDoes() {
    #expect(throws: (any Error).self) { try read(#"[["=","/count",1]]"#, touching: "/count") }
    #expect(throws: (any Error).self) { try read(#"[["=","/x",1]]"#, touching: "/count") }
    #expect(throws: (any Error).self) { try read(#"[["=","x",1,0]]"#, touching: "/count") }
  }

  /// The RFC 6902 text written from the `ops` text, or `nil` when the writer declines it.
  func rfc6902(_ text: String) -> String? {
    var pointers = JSONPointerCache()
    var writer = JSONValue.Writer(appendingTo: Array("line ".utf8))
    var text = text
    let written = text.withUTF8 { utf8 in
      var parser = JSONValue.Parser(input: utf8)
      return parser.writeRFC6902(to: &writer, pointers: &pointers)
    }
    let line = String(decoding: writer.bytes, as: UTF8.self)
    guard written else {
      #expect(line == "line ")
      return nil
    }
    return String(line.dropFirst(5))
  }

  @Test(arguments: patches)
  func writesTheTextOfTheParsedOperations(_ text: String) throws {
    let expected = try read(text).serializedJSONValue()
    if text.contains(#""op":"#) {
      #expect(rfc6902(text) == nil)
    } else {
      #expect(rfc6902(text) == expected)
    }
  }

  @Test func writesEachOperationWithItsMembersSorted() {
    #expect(
      rfc6902(#"[["=","/count",1,0],["+","/fact","caf\u00e9"],["-","/a~1b",[true]]]"#)
        == #"""
        [{"old":0,"op":"replace","path":"/count","value":1},\#
        {"op":"add","path":"/fact","value":"café"},\#
        {"old":[true],"op":"remove","path":"/a~1b"}]
        """#)
  }

  @Test(arguments: [
    "", "[", "[[]]", #"[["=","/count",1]]"#, #"[["*","/count",1,0]]"#, #"[["=","count",1,0]]"#,
    #"[["=","/count",1,0],]"#, #"[["=","/count",1,0]] x"#, #"[["+","/a",01]]"#, "{}",
    #"[["=","/a~2",1,0]]"#, #"[["=","/a~",1,0]]"#, #"[["+","~0",1]]"#, #"[["-","/a"]]"#,
  ])
  func declinesAMalformedPatch(_ text: String) {
    #expect(rfc6902(text) == nil)
  }
}
