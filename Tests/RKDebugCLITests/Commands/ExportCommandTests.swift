import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug export`, through the built executable.
@Suite(.serialized) struct ExportCommandTests {
  @Test func linesFollowTheDocumentedShape() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["export"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = try result.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    // The session, 12 actions, and effect #1 right after action 6.
    #expect(lines.count == 14)
    let types = lines.map { $0["type"]?.stringValue ?? "" }
    let actions = Array(repeating: "action", count: 6)
    #expect(types == ["session"] + actions + ["effect"] + actions)

    let session = lines[0]
    #expect(session["format"] == "rkdebug-export")
    #expect(session["version"] == 2)
    #expect(session["feature"] == "shelf")
    #expect(session["stateType"]?.stringValue?.hasSuffix("Shelf.State") == true)
    #expect(session["snapshotInterval"] == 1000)
    #expect(session["actionCount"] == 12)
    #expect(session["effectCount"] == 1)
    #expect(session["startedAt"]?.doubleValue != nil)
    #expect(session["endedAt"]?.doubleValue != nil)
    #expect(session["metadata"]?["pid"] != nil)
    #expect(
      session["initialState"] == [
        "books": [], "count": 0, "settings": ["fontSize": 12, "isDark": false],
        "title": "Shelf",
      ]
    )

    let first = lines[1]
    #expect(first["index"] == 1)
    #expect(first["json"] == ["increment": [:]])
    #expect(first["label"] == "Shelf.Action.increment")
    #expect(first["source"] == "send")
    #expect(first["patch"] == [["op": "replace", "path": "/count", "value": 1, "old": 0]])

    let emitted = lines[8]
    #expect(emitted["index"] == 7)
    #expect(emitted["source"] == "effect")
    #expect(emitted["effectID"] == 1)
    #expect(emitted["parentIndex"] == 6)

    let effect = lines[7]
    #expect(effect["id"] == 1)
    #expect(effect["actionIndex"] == 6)
    #expect(effect["kind"] == "run")
    #expect(effect["outcome"] == "finished")
    #expect(effect["cancelIDs"] == [])
  }

  @Test func linesAreTheSerializationOfTheirJSON() async throws {
    // Each line is written member by member: it must be what serializing its value writes
    // (sorted keys, no whitespace), as when the lines were built as `JSONValue`s.
    let log = try await RecordedLog.shelf()
    let result = try log.run(["export"])
    #expect(result.status == 0)
    for line in result.stdout.split(separator: "\n") {
      #expect(try JSONValue(parsing: String(line)).serialized() == String(line))
    }
  }

  @Test func writesToAFile() async throws {
    let log = try await RecordedLog.shelf()
    let file = log.directory.path("export.jsonl")
    let result = try log.run(["export", "--output", file])
    #expect(result.status == 0)
    #expect(result.stdout == "")
    let written = try String(contentsOfFile: file, encoding: .utf8)
    #expect(written == (try log.run(["export"]).stdout))
  }
}
