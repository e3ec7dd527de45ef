import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug import`, through the built executable.
@Suite(.serialized) struct ImportCommandTests {
  @Test func anImportedExportHasTheSameStateAtEveryIndex() async throws {
    let log = try await RecordedLog.shelf(snapshotInterval: 5)
    let export = log.directory.path("shelf.jsonl")
    #expect(try log.run(["export", "--output", export]).status == 0)

    let other = log.directory.path("other.sqlite")
    let imported = try RKDebugProcess.run(["import", export, "--db", other])
    #expect(imported.status == 0)
    #expect(imported.stderr == "")
    #expect(imported.stdout == "1\n")

    for index in 0...12 {
      let original = try log.run(["state", "--at", String(index), "--json"])
      let copy = try RKDebugProcess.run(["state", "--at", String(index), "--json", "--db", other])
      #expect(copy.status == 0)
      #expect(copy.stdout == original.stdout, "index \(index)")
    }
    // Everything else survives too: the export of the import is the export.
    let reexport = try RKDebugProcess.run(["export", "--db", other])
    #expect(reexport.stdout == (try String(contentsOfFile: export, encoding: .utf8)))
    #expect(
      try RKDebugProcess.run(["log", "--tree", "--db", other]).stdout
        == (try log.run(["log", "--tree"]).stdout)
    )

    // The snapshots are where the schema says: 0, every 5 actions, and the last one.
    let reader = try ActionLog.readOnly(path: other).reader()
    #expect(reader.session.snapshotInterval == 5)
    #expect(reader.session.endedAt != nil)
  }

  @Test func importAddsANewSessionAndRefusesTheSameSessionTwice() async throws {
    let first = try await RecordedLog.shelf()
    let second = try await RecordedLog.make { log in
      try await log.record(Shelf(), initialState: Shelf.State(), actions: [.increment])
    }
    let export = first.directory.path("first.jsonl")
    _ = try first.run(["export", "--output", export])

    let imported = try second.run(["import", export])
    #expect(imported.stdout == "2\n")
    let sessions = try second.run(["sessions", "--json"]).stdout.split(separator: "\n")
    #expect(sessions.count == 2)

    let before = try second.fingerprint()
    let again = try second.run(["import", export])
    #expect(again.status == 1)
    #expect(again.stderrLines.count == 1)
    #expect(again.stderrLines.first?.hasPrefix("rkdebug: error: session ") == true)
    #expect(again.stderrLines.first?.contains("is already in") == true)
    #expect(try second.fingerprint().bytes == before.bytes)
  }

  /// An export with one lying old value would make `state --at N`, which walks backwards from
  /// a later snapshot, show a value the state never held: import refuses it.
  @Test func aLyingOldValueIsRefusedAndTheLogIsUntouched() async throws {
    let log = try await RecordedLog.shelf(snapshotInterval: 5)
    var lines = try log.run(["export"]).stdout.split(separator: "\n").map(String.init)
    // The first replace of the export gets an old value the state never held.
    var found: (index: Int, path: String, actual: JSONValue)?
    for (position, line) in lines.enumerated() where found == nil {
      guard case var .object(fields) = try JSONValue(parsing: line),
        case var .array(patch)? = fields["patch"], case let .number(index)? = fields["index"]
      else { continue }
      for (offset, operation) in patch.enumerated() {
        guard case var .object(members) = operation, members["op"] == "replace",
          case let .string(path)? = members["path"], let old = members["old"]
        else { continue }
        found = (Int(index)!, path, old)
        members["old"] = 99_999
        patch[offset] = .object(members)
        fields["patch"] = .array(patch)
        lines[position] = JSONValue.object(fields).serialized()
        break
      }
    }
    let (index, path, actual) = try #require(found)
    let file = try log.directory.write(lines.joined(separator: "\n") + "\n", to: "lying.jsonl")

    // Into a log of another session: the file is read inside the import's transaction.
    let target = try await Self.logOfAnotherSession()
    let before = try target.fingerprint()
    let result = try RKDebugProcess.run(["import", file, "--db", target.path])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "rkdebug: error: \(file) is not a consistent session: action \(index): replace "
          + "'\(path)' records old value 99999, but the value it replaces is "
          + "\(actual.serialized()); nothing was imported"
      ])
    #expect(try target.fingerprint() == before)
  }

  /// A log holding one session that no export of these tests comes from.
  static func logOfAnotherSession() async throws -> RecordedLog {
    try await RecordedLog.make { log in
      try await log.record(Shelf(), initialState: Shelf.State(), actions: [.increment])
    }
  }

  /// A bad line after many good ones is found only when it is read, inside the import's
  /// transaction: nothing is kept, and the log the import created is removed.
  @Test func aBadLastLineLeavesNoLogBehind() async throws {
    let log = try await RecordedLog.shelf()
    let export = try log.run(["export"]).stdout
    let file = try log.directory.write(export + "{\"type\":\"effect\"}\n", to: "bad.jsonl")
    let lineCount = export.split(separator: "\n").count + 1
    let other = log.directory.path("new.sqlite")
    let result = try RKDebugProcess.run(["import", file, "--db", other])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "rkdebug: error: line \(lineCount) of \(file): missing \"id\"; nothing was imported"
      ])
    #expect(!FileManager.default.fileExists(atPath: other))
    #expect(!FileManager.default.fileExists(atPath: other + "-wal"))
  }

  @Test func readsStandardInput() async throws {
    let log = try await RecordedLog.shelf()
    let text = try log.run(["export"]).stdout
    let other = log.directory.path("stdin.sqlite")
    let result = try RKDebugProcess.run(["import", "-", "--db", other], stdin: text)
    #expect(result.status == 0)
    #expect(result.stdout == "1\n")
  }

  @Test func malformedFilesLeaveTheLogUntouched() async throws {
    let log = try await RecordedLog.shelf()
    let export = try log.run(["export"]).stdout
    var lines = export.split(separator: "\n").map(String.init)
    let cases: [(String, String, String)] = [
      ("notjson.jsonl", "hello\n", "line 1 of notjson.jsonl: not JSON"),
      (
        "noaction.jsonl", lines[0] + "\n" + #"{"type":"action","index":1}"# + "\n",
        #"line 2 of noaction.jsonl: missing "source"; nothing was imported"#
      ),
      ("empty.jsonl", "\n", "empty.jsonl holds no session line"),
      (
        "type.jsonl", #"{"type":"sessions"}"# + "\n",
        "line 1 of type.jsonl: \"type\" is 'sessions', not session, action or effect"
      ),
    ]
    lines.remove(at: 3)  // action 2: the patches of the later actions no longer apply
    let gap = lines.joined(separator: "\n")
    let target = try await Self.logOfAnotherSession()
    let before = try target.fingerprint()
    for (name, text, message) in cases + [("gap.jsonl", gap, "actions must be numbered")] {
      let file = log.directory.path(name)
      try Data(text.utf8).write(to: URL(fileURLWithPath: file))
      let result = try RKDebugProcess.run(
        ["import", name, "--db", target.path], in: log.directory.url
      )
      #expect(result.status != 0, "\(name)")
      #expect(result.stderrLines.count == 1, "\(name)")
      #expect(result.stderrLines.first?.hasPrefix("rkdebug: error: ") == true)
      #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
    }
    #expect(try target.fingerprint() == before)
  }
}
