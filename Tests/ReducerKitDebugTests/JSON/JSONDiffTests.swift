import ReducerKit
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

@Suite("JSON diff")
struct JSONDiffTests {
  static func todo(_ id: String, done: Bool = false) -> JSONValue {
    ["id": .string(id), "isComplete": .bool(done), "title": .string("Todo \(id)")]
  }

  @Test func equalValuesHaveNoOperations() {
    let value: JSONValue = ["a": [1, ["b": "c"]], "d": .null]
    #expect(JSONValue.diff(from: value, to: value).isEmpty)
    #expect(JSONValue.diff(from: 1, to: 1).isEmpty)
  }

  @Test func diffsObjectsMemberByMember() {
    let old: JSONValue = ["keep": 1, "change": ["deep": true, "same": 0], "drop": "x"]
    let new: JSONValue = ["keep": 1, "change": ["deep": false, "same": 0], "new": [1]]
    #expect(
      JSONValue.diff(from: old, to: new) == [
        .replace("/change/deep", value: false, oldValue: true),
        .remove("/drop", oldValue: "x"),
        .add("/new", value: [1]),
      ])
  }

  @Test func replacesValuesOfDifferentKinds() {
    #expect(
      JSONValue.diff(from: ["a": [1]], to: ["a": ["1": 1]])
        == [.replace("/a", value: ["1": 1], oldValue: [1])])
    #expect(JSONValue.diff(from: 1, to: "1") == [.replace("", value: "1", oldValue: 1)])
    #expect(
      JSONValue.diff(from: .number("1"), to: .number("1.0"))
        == [.replace("", value: .number("1.0"), oldValue: 1)])
  }

  @Test func diffsEqualLengthArraysElementByElement() {
    let old: JSONValue = [Self.todo("a"), Self.todo("b"), Self.todo("c")]
    let new: JSONValue = [Self.todo("a"), Self.todo("b", done: true), Self.todo("c")]
    #expect(
      JSONValue.diff(from: old, to: new, at: "/todos")
        == [.replace("/todos/1/isComplete", value: true, oldValue: false)])
  }

  @Test func findsAnInsertionAndARemovalInArraysOfEqualLength() {
    let todos = (0..<100).map { Self.todo("\($0)") }
    var changed = todos
    changed.remove(at: 60)
    changed.insert(Self.todo("new"), at: 20)
    changed[90] = Self.todo("90", done: true)
    #expect(
      JSONValue.diff(from: .array(todos), to: .array(changed), at: "/todos") == [
        .add("/todos/20", value: Self.todo("new")),
        .remove("/todos/61", oldValue: Self.todo("60")),
        .replace("/todos/90/isComplete", value: true, oldValue: false),
      ])
  }

  @Test func insertsAndRemovesSingleElements() {
    let todos = (0..<6).map { Self.todo("\($0)") }
    var inserted = todos
    inserted.insert(Self.todo("new"), at: 2)
    #expect(
      JSONValue.diff(from: .array(todos), to: .array(inserted))
        == [.add("/2", value: Self.todo("new"))])
    var removed = todos
    removed.remove(at: 4)
    #expect(
      JSONValue.diff(from: .array(todos), to: .array(removed))
        == [.remove("/4", oldValue: Self.todo("4"))])
    #expect(
      JSONValue.diff(from: .array(todos), to: .array(todos + [Self.todo("end")]))
        == [.add("/6", value: Self.todo("end"))])
    #expect(
      JSONValue.diff(from: .array(todos), to: [])
        == (0..<6).map { .remove("/0", oldValue: Self.todo("\($0)")) })
  }

  @Test func alignsArraysAlongAShortestEditScript() {
    let old: JSONValue = ["a", "b", "c", "d"]
    let new: JSONValue = ["a", "c", "d", "e", "f"]
    #expect(
      JSONValue.diff(from: old, to: new) == [
        .remove("/1", oldValue: "b"), .add("/3", value: "e"), .add("/4", value: "f"),
      ])
    let changed: JSONValue = [Self.todo("a"), Self.todo("x"), Self.todo("y"), Self.todo("d")]
    let edited: JSONValue = [Self.todo("a"), Self.todo("x", done: true), Self.todo("d")]
    #expect(
      JSONValue.diff(from: changed, to: edited) == [
        .replace("/1/isComplete", value: true, oldValue: false),
        .remove("/2", oldValue: Self.todo("y")),
      ])
  }

  @Test func fallsBackToElementByElementForVeryDifferentArrays() throws {
    let count = JSONValue.maximumAlignmentEdits + 10
    let old = JSONValue.array((0..<count).map { JSONValue($0) })
    let new = JSONValue.array((0..<(count + 1)).map { .string("\($0)") })
    let operations = JSONValue.diff(from: old, to: new)
    #expect(operations.count == count + 1)
    var patched = old
    try patched.apply(operations)
    #expect(patched == new)
  }

  @Test func edgeScriptsAreShortest() throws {
    let steps = try #require(
      JSONValue.shortestEditScript(oldCount: 7, newCount: 6, maximumEdits: 10) { i, j in
        Array("ABCABBA")[i] == Array("CBABAC")[j]
      })
    #expect(steps.filter { $0 != .keep }.count == 5)
    #expect(steps.filter { $0 == .delete }.count == 3)
    let empty = JSONValue.shortestEditScript(oldCount: 0, newCount: 0, maximumEdits: 0) { _, _ in
      true
    }
    #expect(empty == [])
    let tooFar = JSONValue.shortestEditScript(oldCount: 3, newCount: 3, maximumEdits: 1) { _, _ in
      false
    }
    #expect(tooFar == nil)
  }

  @Test(arguments: 0..<4)
  func randomDiffsApplyAndUndo(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let old = JSONTestTrees.value(depth: 4, using: &random)
      var new = old
      for _ in 0..<Int.random(in: 1...5, using: &random) {
        JSONTestTrees.mutate(&new, using: &random)
      }
      let base: JSONPointer = Bool.random(using: &random) ? .root : "/state"
      let patch = JSONValue.diff(from: old, to: new, at: base)
      for operation in patch where operation.op == .remove || operation.op == .replace {
        #expect(operation.oldValue != nil)
      }

      var document: JSONValue = base.isRoot ? old : ["state": old]
      let expected: JSONValue = base.isRoot ? new : ["state": new]
      let original = document
      try document.apply(patch)
      #expect(document == expected, "diff(a, b) applied to a gives b")
      try document.unapply(patch)
      #expect(document == original, "unapplying it gives a back")

      let reread = try [JSONPatchOperation](parsing: patch.serialized())
      #expect(reread == patch)
      #expect(JSONValue.diff(from: new, to: new).isEmpty)
    }
  }
}
