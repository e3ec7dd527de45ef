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

  @Test func refusesToReplaceTheLogOrItsCompanions() async throws {
    let log = try await RecordedLog.shelf()
    let folder = log.directory.url
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true
    )
    try FileManager.default.createSymbolicLink(
      atPath: log.directory.path("link.sqlite"), withDestinationPath: log.path
    )
    try FileManager.default.linkItem(atPath: log.path, toPath: log.directory.path("hard.sqlite"))
    let before = try log.fingerprint()
    let itself =
      "is the log itself ('log.sqlite'); replacing it would destroy the session: export to "
      + "another file"
    let cases: [(output: String, message: String)] = [
      (
        "log.sqlite",
        "--output 'log.sqlite' is the log itself; replacing it would destroy the "
          + "session: export to another file"
      ),
      ("./sub/../log.sqlite", "--output './sub/../log.sqlite' \(itself)"),
      (log.path, "--output '\(log.path)' \(itself)"),
      ("link.sqlite", "--output 'link.sqlite' \(itself)"),
      ("hard.sqlite", "--output 'hard.sqlite' \(itself)"),
      (
        "log.sqlite-wal",
        "--output 'log.sqlite-wal' is the log's wal file; replacing it would "
          + "destroy the session: export to another file"
      ),
      (
        "sub/../log.sqlite-shm",
        "--output 'sub/../log.sqlite-shm' is the log's shm file "
          + "('log.sqlite-shm'); replacing it would destroy the session: export to another file"
      ),
    ]
    for (output, message) in cases {
      for flag in ["-o", "--output"] {
        let result = try RKDebugProcess.run(
          ["export", flag, output, "--db", "log.sqlite"], in: folder
        )
        #expect(result.status == 1, "\(output)")
        #expect(result.stdout == "")
        #expect(result.stderrLines == ["rkdebug: error: \(message)"])
      }
    }
    #expect(try log.fingerprint() == before)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(Set(files) == ["log.sqlite", "sub", "link.sqlite", "hard.sqlite"])

    // Another file next to the log is written as usual.
    let other = try RKDebugProcess.run(
      ["export", "-o", "log.jsonl", "--db", "log.sqlite"], in: folder
    )
    #expect(other.status == 0, "\(other.stderr)")
    #expect(FileManager.default.fileExists(atPath: log.directory.path("log.jsonl")))
  }
}
