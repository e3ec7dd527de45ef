import Foundation
import Testing

@testable import ReducerKitDebug

@Suite("JSON Patch")
struct JSONPatchTests {
  struct Example: CustomTestStringConvertible, Sendable {
    var name: String
    var document: String
    var patch: String
    /// The result, or `nil` if the patch must fail.
    var expected: String?

    var testDescription: String { name }
  }

  /// The examples of RFC 6902, appendix A (except A.13, a patch with a repeated member).
  static let rfcExamples: [Example] = [
    Example(
      name: "A.1 add an object member", document: #"{"foo":"bar"}"#,
      patch: #"[{"op":"add","path":"/baz","value":"qux"}]"#,
      expected: #"{"baz":"qux","foo":"bar"}"#),
    Example(
      name: "A.2 add an array element", document: #"{"foo":["bar","baz"]}"#,
      patch: #"[{"op":"add","path":"/foo/1","value":"qux"}]"#,
      expected: #"{"foo":["bar","qux","baz"]}"#),
    Example(
      name: "A.3 remove an object member", document: #"{"baz":"qux","foo":"bar"}"#,
      patch: #"[{"op":"remove","path":"/baz"}]"#, expected: #"{"foo":"bar"}"#),
    Example(
      name: "A.4 remove an array element", document: #"{"foo":["bar","qux","baz"]}"#,
      patch: #"[{"op":"remove","path":"/foo/1"}]"#, expected: #"{"foo":["bar","baz"]}"#),
    Example(
      name: "A.5 replace a value", document: #"{"baz":"qux","foo":"bar"}"#,
      patch: #"[{"op":"replace","path":"/baz","value":"boo"}]"#,
      expected: #"{"baz":"boo","foo":"bar"}"#),
    Example(
      name: "A.6 move a value",
      document: #"{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}"#,
      patch: #"[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]"#,
      expected: #"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#),
    Example(
      name: "A.7 move an array element", document: #"{"foo":["all","grass","cows","eat"]}"#,
      patch: #"[{"op":"move","from":"/foo/1","path":"/foo/3"}]"#,
      expected: #"{"foo":["all","cows","eat","grass"]}"#),
    Example(
      name: "A.8 test a value: success", document: #"{"baz":"qux","foo":["a",2,"c"]}"#,
      patch: #"[{"op":"test","path":"/baz","value":"qux"},"#
        + #"{"op":"test","path":"/foo/1","value":2}]"#,
      expected: #"{"baz":"qux","foo":["a",2,"c"]}"#),
    Example(
      name: "A.9 test a value: error", document: #"{"baz":"qux"}"#,
      patch: #"[{"op":"test","path":"/baz","value":"bar"}]"#, expected: nil),
    Example(
      name: "A.10 add a nested member object", document: #"{"foo":"bar"}"#,
      patch: #"[{"op":"add","path":"/child","value":{"grandchild":{}}}]"#,
      expected: #"{"child":{"grandchild":{}},"foo":"bar"}"#),
    Example(
      name: "A.11 ignore unrecognized elements", document: #"{"foo":"bar"}"#,
      patch: #"[{"op":"add","path":"/baz","value":"qux","xyz":123}]"#,
      expected: #"{"baz":"qux","foo":"bar"}"#),
    Example(
      name: "A.12 add to a nonexistent target", document: #"{"foo":"bar"}"#,
      patch: #"[{"op":"add","path":"/baz/bat","value":"qux"}]"#, expected: nil),
    Example(
      name: "A.14 ~ escape ordering", document: #"{"/":9,"~1":10}"#,
      patch: #"[{"op":"test","path":"/~01","value":10}]"#, expected: #"{"/":9,"~1":10}"#),
    Example(
      name: "A.15 comparing strings and numbers", document: #"{"/":9,"~1":10}"#,
      patch: #"[{"op":"test","path":"/~01","value":"10"}]"#, expected: nil),
    Example(
      name: "A.16 add an array value", document: #"{"foo":["bar"]}"#,
      patch: #"[{"op":"add","path":"/foo/-","value":["abc","def"]}]"#,
      expected: #"{"foo":["bar",["abc","def"]]}"#),
  ]

  @Test(arguments: rfcExamples)
  func appliesTheRFCExamples(_ example: Example) throws {
    let original = try JSONValue(parsing: example.document)
    let patch = try [JSONPatchOperation](parsing: example.patch)
    var document = original
    if let expected = example.expected {
      try document.apply(patch)
      #expect(document == (try JSONValue(parsing: expected)))
    } else {
      #expect(throws: JSONPatchError.self) { try document.apply(patch) }
      #expect(document == original)
    }
  }

  static let document: JSONValue = [
    "todos": [
      ["id": "a", "done": false, "title": "Milk"],
      ["id": "b", "done": true, "title": "Eggs"],
    ],
    "filter": "all",
    "count": 2,
  ]

  @Test func appliesEachOperation() throws {
    var json = Self.document
    try json.apply(.add("/todos/-", value: ["id": "c", "done": false, "title": "Tea"]))
    #expect(json.value(at: "/todos/2/title") == "Tea")
    try json.apply(.add("/todos/0", value: "first"))
    #expect(json.value(at: "/todos/0") == "first")
    #expect(json["todos"]?.count == 4)
    try json.apply(.add("/todos/4", value: "last"))
    #expect(json.value(at: "/todos/4") == "last")
    try json.apply(.remove("/todos/0"))
    try json.apply(.remove("/todos/3"))
    try json.apply(.replace("/todos/1/done", value: false))
    #expect(json.value(at: "/todos/1/done") == false)
    try json.apply(.add("/filter", value: "active"))
    #expect(json["filter"] == "active")
    try json.apply(.move(from: "/todos/2", to: "/todos/0"))
    #expect(json.value(at: "/todos/0/id") == "c")
    try json.apply(.copy(from: "/todos/0", to: "/todos/-"))
    #expect(json.value(at: "/todos/3") == json.value(at: "/todos/0"))
    try json.apply(.move(from: "/count", to: "/meta"))
    #expect(json["count"] == nil)
    #expect(json["meta"] == 2)
    try json.apply(.move(from: "/meta", to: "/meta"))
    try json.apply(.test("/meta", value: .number("2.0e0")))
    try json.apply(.replace("", value: ["whole": true]))
    #expect(json == ["whole": true])
    try json.apply(.add("", value: [1]))
    #expect(json == [1])
  }

  @Test func testComparesNumbersByValueAndEverythingElseExactly() throws {
    let json: JSONValue = ["n": 1, "a": [1, "x"], "o": ["k": 100], "s": "1"]
    for (path, value) in [
      ("/n", .number("1.0")), ("/n", .number("10e-1")), ("/n", .number("0.1E1")),
      ("/a", [.number("1.00"), "x"]), ("/o", ["k": .number("1e2")]), ("/s", "1"),
    ] as [(JSONPointer, JSONValue)] {
      var copy = json
      try copy.apply(.test(path, value: value))
    }
    for (path, value) in [
      ("/n", .number("2")), ("/n", "1"), ("/s", 1), ("/a", [1]), ("/o", ["k": 100, "j": 1]),
      ("/n", .null), ("/a", ["x", 1]),
    ] as [(JSONPointer, JSONValue)] {
      var copy = json
      #expect(throws: JSONPatchError.self) { try copy.apply(.test(path, value: value)) }
    }
    #expect(JSONValue.number("-0").isEquivalent(to: .number("0.0e5")))
    #expect(!JSONValue.number("1e400").isEquivalent(to: .number("1e401")))
  }

  @Test(arguments: [
    (JSONPatchOperation.remove("/todos/0/nope"), .notFound("/todos/0/nope")),
    (.remove("/nope/0"), .notFound("/nope")),
    (.replace("/todos/2/done", value: true), .indexOutOfRange("/todos/2", count: 2)),
    (.replace("/todos/2", value: true), .indexOutOfRange("/todos/2", count: 2)),
    (.add("/todos/3", value: 1), .indexOutOfRange("/todos/3", count: 2)),
    (.remove("/todos/-"), .indexOutOfRange("/todos/-", count: 2)),
    (.replace("/todos/01", value: 1), .invalidIndex("/todos/01")),
    (.add("/todos/x", value: 1), .invalidIndex("/todos/x")),
    (.add("/todos/-1", value: 1), .invalidIndex("/todos/-1")),
    (.add("/filter/x", value: 1), .notAContainer("/filter", found: "a string")),
    (.remove("/count/x/y"), .notAContainer("/count", found: "a number")),
    (.move(from: "/todos", to: "/todos/0/sub"), .moveIntoDescendant(from: "/todos")),
    (.move(from: "/nope", to: "/x"), .notFound("/nope")),
    (.move(from: "/nope", to: "/nope"), .notFound("/nope")),
    // The move's removal succeeds and its addition fails: the removal is undone too.
    (.move(from: "/count", to: "/nope/x"), .notFound("/nope")),
    (.copy(from: "/todos/9", to: "/x"), .notFound("/todos/9")),
    (.remove(""), .removeRoot),
    (.test("/count", value: 3), .testFailed(expected: 3, actual: 2)),
    (.test("/nope", value: 3), .notFound("/nope")),
    (JSONPatchOperation(op: .add, path: "/x"), .malformed("'add' needs a value")),
    (JSONPatchOperation(op: .copy, path: "/x"), .malformed("'copy' needs a \"from\"")),
  ] as [(JSONPatchOperation, JSONPatchError.Reason)])
  func reportsWhichOperationFailedAndWhy(
    _ operation: JSONPatchOperation, _ reason: JSONPatchError.Reason
  ) {
    var json = Self.document
    let patch: [JSONPatchOperation] = [.replace("/filter", value: "done"), operation]
    let error = #expect(throws: JSONPatchError.self) { try json.apply(patch) }
    #expect(error?.operationIndex == 1)
    #expect(error?.operation == operation.op)
    #expect(error?.path == operation.path)
    #expect(error?.reason == reason)
    #expect(error?.isUndoing == false)
    #expect(json == Self.document, "a failed patch leaves the document unchanged")

    let single = #expect(throws: JSONPatchError.self) { try json.apply(operation) }
    #expect(single?.operationIndex == nil)
    #expect(single?.reason == reason)
  }

  @Test func describesErrorsForPeople() {
    var json = Self.document
    let patch: [JSONPatchOperation] = [
      .replace("/count", value: 3, oldValue: 2), .replace("/todos/5/title", value: "x"),
    ]
    let error = #expect(throws: JSONPatchError.self) { try json.apply(patch) }
    #expect(
      error?.description
        == "operation 1 (replace '/todos/5/title') failed: '/todos/5' is out of range: the array "
        + "has 2 elements")
    let test = #expect(throws: JSONPatchError.self) {
      try json.apply(.test("/todos/0/title", value: "Tea"))
    }
    #expect(
      test?.description
        == #"operation (test '/todos/0/title') failed: expected "Tea", found "Milk""#)
    let undo = #expect(throws: JSONPatchError.self) {
      try json.unapply([.add("/x", value: 1), .remove("/filter")])
    }
    #expect(
      undo?.description
        == #"undoing operation 1 (remove '/filter') failed: "#
        + #"it has no old value ("old") to restore"#)
    let malformed = #expect(throws: JSONPatchError.self) {
      try [JSONPatchOperation](parsing: #"[{"op":"add","path":"/a","value":1},{"op":"jump"}]"#)
    }
    #expect(
      malformed?.description
        == "operation 1 is not a valid JSON Patch operation: \"op\" is 'jump', not one of add, "
        + "remove, replace, move, copy, test")
  }

  @Test func failingPatchesRollBackEverything() throws {
    let original: JSONValue = ["a": [1, 2, 3], "b": ["c": "d"], "e": 5]
    let patches: [[JSONPatchOperation]] = [
      [.add("/x", value: 1), .replace("/a/0", value: 9), .remove("/missing")],
      [.remove("/a/0"), .add("/a/-", value: 4), .move(from: "/b", to: "/a/1"), .remove("/b")],
      [.move(from: "/a/2", to: "/b/c"), .copy(from: "/b", to: "/z"), .move(from: "/e", to: "/q/r")],
      [.replace("", value: 1), .add("", value: [2]), .test("", value: 3)],
      [.add("/b/c", value: "new"), .remove("/e"), .add("/b/c/x", value: 0)],
    ]
    for patch in patches {
      var json = original
      #expect(throws: JSONPatchError.self) { try json.apply(patch) }
      #expect(json == original)
    }
  }

  /// A patch of every kind of operation, with old values where undoing needs them, that turns
  /// `document` into `patched`.
  static let fullPatch: [JSONPatchOperation] = [
    .add("/todos/-", value: ["id": "c", "done": false, "title": "Tea"]),
    .replace("/todos/0/done", value: true, oldValue: false),
    .remove("/todos/1", oldValue: ["id": "b", "done": true, "title": "Eggs"]),
    .add("/filter", value: "done", oldValue: "all"),
    .move(from: "/todos/0", to: "/todos/-"),
    .copy(from: "/todos/1", to: "/archived"),
    .test("/archived/id", value: "a"),
    .add("/todos/0", value: .null),
    JSONPatchOperation(op: .move, path: "/count", from: "/archived", oldValue: 2),
    .add("/log", value: []),
    .add("/log/0", value: "x"),
  ]

  static let patched: JSONValue = [
    "todos": [
      .null, ["id": "c", "done": false, "title": "Tea"],
      ["id": "a", "done": true, "title": "Milk"],
    ],
    "filter": "done",
    "count": ["id": "a", "done": true, "title": "Milk"],
    "log": ["x"],
  ]

  @Test func unapplyRestoresTheOriginal() throws {
    var json = Self.document
    try json.apply(Self.fullPatch)
    #expect(json == Self.patched)
    try json.unapply(Self.fullPatch)
    #expect(json == Self.document)

    for count in 0...Self.fullPatch.count {
      var partial = Self.document
      let prefix = Array(Self.fullPatch.prefix(count))
      try partial.apply(prefix)
      try partial.unapply(prefix)
      #expect(partial == Self.document)
    }
  }

  @Test func unapplyIsAllOrNothing() throws {
    var json = Self.patched
    var broken = Self.fullPatch
    broken[2].oldValue = nil
    let error = #expect(throws: JSONPatchError.self) { try json.unapply(broken) }
    #expect(error?.operationIndex == 2)
    #expect(error?.isUndoing == true)
    #expect(error?.reason == .missingOldValue)
    #expect(json == Self.patched)
  }

  @Test func patchesRoundTripThroughJSON() throws {
    let text = Self.fullPatch.serialized()
    #expect(
      text.hasPrefix(
        #"[{"op":"add","path":"/todos/-","value":{"done":false,"id":"c","title":"Tea"}},"#
          + #"{"op":"replace","path":"/todos/0/done","value":true,"old":false},"#))
    #expect(text.contains(#"{"op":"move","from":"/todos/0","path":"/todos/-"}"#))
    #expect(try [JSONPatchOperation](parsing: text) == Self.fullPatch)
    #expect(try [JSONPatchOperation](parsing: Data(text.utf8)) == Self.fullPatch)
    #expect(try JSONPatchOperation.operations(parsing: text) == Self.fullPatch)
    #expect(try JSONPatchOperation.operations(parsing: Data(text.utf8)) == Self.fullPatch)
    #expect(try [JSONPatchOperation](jsonValue: Self.fullPatch.jsonValue) == Self.fullPatch)
    #expect(try JSONValue(parsing: text) == Self.fullPatch.jsonValue)

    let encoded = try JSONSerializationTests.encoded(Self.fullPatch)
    #expect(try JSONDecoder().decode([JSONPatchOperation].self, from: encoded) == Self.fullPatch)
    #expect(try JSONValue(parsing: encoded) == Self.fullPatch.jsonValue)

    let nullValue = try JSONPatchOperation(
      jsonValue: JSONValue(parsing: #"{"op":"add","path":"/a","value":null,"old":null}"#))
    #expect(nullValue == .add("/a", value: .null, oldValue: .null))
    #expect(nullValue.description == #"{"op":"add","path":"/a","value":null,"old":null}"#)
    let decoded = try JSONDecoder().decode(
      JSONPatchOperation.self, from: Data(#"{"op":"replace","path":"/a","value":null}"#.utf8))
    #expect(decoded.value == .some(.null))
  }

  @Test(arguments: [
    (#"{"path":"/a"}"#, #"it needs an "op" member holding a string"#),
    (#"{"op":"jump","path":"/a"}"#,
      "\"op\" is 'jump', not one of add, remove, replace, move, copy, test"),
    (#"{"op":"add","value":1}"#, #"'add' needs a "path" member holding a JSON Pointer"#),
    (#"{"op":"add","path":"a","value":1}"#,
      #""path": 'a' is not a JSON Pointer: it must be empty (the whole document) or start "#
      + "with '/', as in '/todos/0'"),
    (#"{"op":"add","path":"/a"}"#, #"'add' needs a "value" member"#),
    (#"{"op":"test","path":"/a"}"#, #"'test' needs a "value" member"#),
    (#"{"op":"move","path":"/a"}"#, #"'move' needs a "from" member holding a JSON Pointer"#),
    (#"{"op":"copy","path":"/a","from":7}"#,
      #"'copy' needs a "from" member holding a JSON Pointer"#),
    (#"[]"#, "it is an array, not an object"),
  ])
  func rejectsMalformedOperations(_ json: String, _ message: String) throws {
    let value = try JSONValue(parsing: json)
    let error = #expect(throws: JSONPatchError.self) { try JSONPatchOperation(jsonValue: value) }
    #expect(error?.reason == .malformed(message))
    #expect(throws: JSONPatchError.self) { try [JSONPatchOperation](jsonValue: [.null, value]) }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(JSONPatchOperation.self, from: Data(json.utf8))
    }
  }

  @Test func rejectsAPatchThatIsNotAnArray() {
    let notAnArray = JSONPatchError(
      reason: .malformed("a patch is an array of operations, not an object"))
    #expect(throws: notAnArray) {
      try [JSONPatchOperation](parsing: "{}")
    }
    #expect(throws: JSONParseError.self) { try [JSONPatchOperation](parsing: "[") }
  }

  @Test func ignoresMembersAnOperationDoesNotUse() throws {
    let operation = try JSONPatchOperation(
      jsonValue: ["op": "remove", "path": "/a", "value": 1, "from": "nonsense", "old": 2])
    #expect(operation == .remove("/a", oldValue: 2))
  }

  @Test func mutatesInPlace() throws {
    var json: JSONValue = ["list": .array((0..<10_000).map { JSONValue($0) })]
    func address(_ json: JSONValue) -> UnsafeRawPointer? {
      json["list"]?.arrayValue?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    let before = address(json)
    try json.apply([.replace("/list/5", value: "x"), .remove("/list/0"), .add("/list/-", value: 1)])
    #expect(address(json) == before, "the array was copied instead of changed in place")
  }
}
