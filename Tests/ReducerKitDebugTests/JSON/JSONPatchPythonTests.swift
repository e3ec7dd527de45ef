import ReducerKit
import Foundation
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

@testable import ReducerKitDebug

/// Checks patches against Python's `jsonpatch` library, when `python3` has it.
@Suite("JSON Patch against Python's jsonpatch")
struct JSONPatchPythonTests {
  static let script = """
    import json, sys, jsonpatch
    cases = json.load(open(sys.argv[1], encoding="utf-8"))
    results = []
    for case in cases:
        applied = jsonpatch.apply_patch(case["doc"], case["patch"])
        made = jsonpatch.make_patch(case["doc"], case["new"]).patch
        results.append({"applied": applied, "made": made})
    json.dump(results, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
    """

  static let isAvailable = Python.hasJSONPatch

  @Test(.enabled(if: isAvailable, "needs python3 with the jsonpatch package"))
  func pythonAppliesOurPatchesAndWeApplyItsPatches() throws {
    var random = SplitMix64(seed: 42)
    var cases: [(old: JSONValue, new: JSONValue, patch: [JSONPatchOperation])] = [
      (JSONPatchTests.document, JSONPatchTests.patched, JSONPatchTests.fullPatch)
    ]
    for _ in 0..<300 {
      let old = JSONTestTrees.value(depth: 4, using: &random)
      var new = old
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        JSONTestTrees.mutate(&new, using: &random)
      }
      // jsonpatch refuses an object member named "-" in a `replace`, which RFC 6901 allows.
      guard !old.serialized().contains(#""-":"#), !new.serialized().contains(#""-":"#) else {
        continue
      }
      cases.append((old, new, JSONValue.diff(from: old, to: new)))
    }

    #expect(cases.count > 150)

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonpatch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("cases.json")
    let output = directory.appendingPathComponent("results.json")
    let script = directory.appendingPathComponent("check.py")
    let casesJSON = JSONValue.array(
      try cases.map { testCase in
        [
          "doc": testCase.old, "new": testCase.new,
          "patch": try JSONValue(parsing: testCase.patch.serialized()),
        ]
      })
    try casesJSON.serializedData().write(to: input)
    try Data(Self.script.utf8).write(to: script)

    let failure = Python.run([script.path, input.path, output.path])
    try #require(failure == nil, "python3 failed: \(failure ?? "")")
    let results = try #require(try JSONValue(parsing: Data(contentsOf: output)).arrayValue)
    try #require(results.count == cases.count)
    for (testCase, result) in zip(cases, results) {
      let applied = try #require(result["applied"])
      #expect(applied.isEquivalent(to: testCase.new), "jsonpatch applies our patch")

      let made = try [JSONPatchOperation](jsonValue: try #require(result["made"]))
      var document = testCase.old
      try document.apply(made)
      #expect(document.isEquivalent(to: testCase.new), "we apply jsonpatch's patch")
    }
  }
}
