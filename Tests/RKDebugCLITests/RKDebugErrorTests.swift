import Foundation
import GRDB
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

/// The errors of the reading commands, through the built executable: one line on standard
/// error, `rkdebug: error: …`, a non-zero status, nothing on standard output, and the log
/// file untouched.
@Suite(.serialized) struct RKDebugErrorTests {
  /// Runs `arguments` and checks the error contract; returns the message after the prefix.
  @discardableResult
  func expectError(
    _ arguments: [String], status: Int32 = 1, directory: URL? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let result = try RKDebugProcess.run(arguments, in: directory)
    #expect(result.status == status, "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", "\(arguments)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    let line = result.stderrLines.first ?? ""
    #expect(line.hasPrefix("rkdebug: error: "), sourceLocation: sourceLocation)
    #expect(!result.stderr.contains("Fatal error"), sourceLocation: sourceLocation)
    return String(line.dropFirst("rkdebug: error: ".count))
  }

  @Test func missingFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("missing.sqlite")
    for command in [["sessions"], ["log"], ["state", "--at", "0"], ["export"]] {
      let message = try expectError(command + ["--db", path])
      #expect(
        message == "no log at '\(path)'; record one with 'rkdebug record' or pass --db PATH"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == [])
  }

  @Test func theDefaultLogIsInTheCurrentFolder() throws {
    let directory = try TemporaryDirectory()
    let message = try expectError(["log"], directory: directory.url)
    #expect(message.hasPrefix("no log at 'rkdebug.sqlite'"))
  }

  @Test func aTextFileIsNotALog() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("notes.txt")
    try Data("hello, world\n".utf8).write(to: URL(fileURLWithPath: path))
    let before = try FileFingerprint(path: path)
    for command in [["sessions"], ["changes"], ["history", "--path", "count"], ["import", path]] {
      let message = try expectError(command + ["--db", path])
      if command[0] == "import" {
        #expect(message.hasPrefix("line 1 of \(path): not JSON"))
      } else {
        #expect(
          message
            == "'\(path)' is not an rkdebug log (not a SQLite database); pass --db with a log file"
        )
      }
    }
    #expect(try FileFingerprint(path: path) == before)
  }

  @Test func aSQLiteFileOfAnotherApp() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("other.sqlite")
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try db.execute(sql: "CREATE TABLE contact (name TEXT); INSERT INTO contact VALUES ('Ann')")
    }
    try database.close()
    let before = try FileFingerprint(path: path)
    for command in [["sessions"], ["state", "--at", "0"], ["diff", "--from", "0", "--to", "0"]] {
      let message = try expectError(command + ["--db", path])
      #expect(
        message
          == "'\(path)' is a SQLite database but not an rkdebug log (wrong application_id); "
          + "pass --db with a log file"
      )
    }
    #expect(try FileFingerprint(path: path) == before)
  }

  @Test func aLogOfAnOlderSchemaIsRefused() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("old.sqlite")
    let database = try DatabaseQueue(path: path)
    try database.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA application_id = \(0x524B_4442); PRAGMA user_version = 4")
    }
    try database.close()
    let before = try FileFingerprint(path: path)
    for command in [["sessions"], ["log"], ["record", "--feature", "counter", "--random", "1"]] {
      let message = try expectError(command + ["--db", path])
      #expect(
        message
          == "'\(path)' was written by an older rkdebug (log schema 4); this rkdebug reads "
          + "schemas 5 to 8: record it again, or export it with the older rkdebug and import "
          + "it here"
      )
    }
    #expect(try FileFingerprint(path: path) == before)
  }

  @Test func aDamagedLogSaysWhatToDoAndShowsNoSQL() async throws {
    let log = try await RecordedLog.shelf()
    // Garbage over the first bytes of the `session` table's page.
    let (pageSize, rootPage) = try await DatabaseQueue(path: log.path).read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA page_size")!,
        try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'session'")!
      )
    }
    let handle = try #require(FileHandle(forWritingAtPath: log.path))
    try handle.seek(toOffset: UInt64((rootPage - 1) * pageSize))
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
    try handle.close()

    let before = try log.fingerprint()
    for command in [["sessions"], ["log"], ["state", "--at", "3"], ["export"]] {
      let message = try expectError(command + ["--db", log.path])
      #expect(
        message
          == "'\(log.path)' is damaged (SQLite: database disk image is malformed); save what is "
          + "still readable with 'sqlite3 \(log.path) .recover > recovered.sql', or record the "
          + "session again"
      )
      #expect(!message.contains("SELECT"))
    }
    #expect(try log.fingerprint() == before)
  }

  @Test func aZeroLengthFileIsNotALog() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("", to: "empty.sqlite")
    for command in [["sessions"], ["state", "--at", "0"], ["export"]] {
      #expect(
        try expectError(command + ["--db", path])
          == "'\(path)' is empty (0 bytes), not an rkdebug log; record into it with 'rkdebug "
          + "record --feature NAME --db \(path)' or pass --db with a log file"
      )
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
  }

  @Test func unknownSessionIndexOutOfRangeAndBadPaths() async throws {
    let log = try await RecordedLog.shelf()
    let before = try log.fingerprint()
    let db = ["--db", log.path]
    #expect(
      try expectError(["log", "--session", "9"] + db)
        == "no session 9 in this log (sessions: 1); list them with 'rkdebug sessions'"
    )
    let outOfRange =
      "index 13 is out of range: this session has actions 1...12 (0 is the initial state)"
    #expect(try expectError(["state", "--at", "13"] + db) == outOfRange)
    #expect(try expectError(["diff", "--from", "0", "--to", "13"] + db) == outOfRange)
    #expect(try expectError(["changes", "--to", "13"] + db) == outOfRange)
    #expect(
      try expectError(["state", "--at", "2", "--path", "books[0].titel"] + db)
        == "no 'titel' in books[0]; did you mean 'title'?"
    )
    // Malformed paths and predicates are usage errors: ArgumentParsingTests, in process.
    let unknownInPredicate = try expectError(["bisect", "--where", "cont > 3"] + db)
    #expect(unknownInPredicate.contains("did you mean 'count'?"))
    #expect(try log.fingerprint() == before)
  }

  @Test func indexOutOfRangeInASessionWithoutActions() throws {
    let directory = try TemporaryDirectory()
    let recorded = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "-"], in: directory.url,
      stdin: "{\"increment\":{}}\n"
    )
    #expect(recorded.status == 0, "\(recorded.stderr)")
    // The session line of an export alone is a session without actions.
    let export = try RKDebugProcess.run(["export"], in: directory.url)
    let sessionLine = try #require(export.stdout.split(separator: "\n").first)
    let file = try directory.write(String(sessionLine) + "\n", to: "empty.jsonl")
    let db = ["--db", directory.path("empty.sqlite")]
    #expect(try RKDebugProcess.run(["import", file] + db).status == 0)
    #expect(try RKDebugProcess.run(["state", "--at", "0"] + db).status == 0)

    let before = try directory.fingerprint("empty.sqlite")
    let noActions =
      "index 1 is out of range: this session has no actions; its only state is the initial "
      + "state, index 0"
    #expect(try expectError(["state", "--at", "1"] + db) == noActions)
    #expect(try expectError(["log", "--to", "1"] + db) == noActions)
    #expect(try expectError(["changes", "--from", "1"] + db) == noActions)
    #expect(try expectError(["diff", "--from", "0", "--to", "1"] + db) == noActions)
    #expect(
      try expectError(["replay", "--to", "1"] + db)
        == "--to 1 is out of range: session 1 has no actions"
    )
    #expect(try directory.fingerprint("empty.sqlite") == before)
  }

  @Test func readCommandsNeverWriteToTheLog() async throws {
    let log = try await RecordedLog.shelf()
    let before = try log.fingerprint()
    let commands: [[String]] = [
      ["sessions"], ["sessions", "--json"], ["log"], ["log", "--tree"], ["log", "--json"],
      ["changes"], ["state", "--at", "5"], ["state", "--at", "5", "--path", "note"],
      ["diff", "--from", "1", "--to", "9"], ["diff", "--from", "1", "--to", "9", "--json"],
      ["history", "--path", "books.count"], ["export"],
      ["bisect", "--where", "count > 3"], ["bisect", "--where", "books.count > 0", "--json"],
      // Bad from the state whose count is 42 on: grep -v finds no other line.
      ["bisect", "--run", #"grep -qv '"count":42'"#],
      ["find", "--where", "books.count >= 1"], ["find", "--where", "note != nil", "--json"],
    ]
    for command in commands {
      let result = try log.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
    }
    #expect(try log.fingerprint() == before)
    // At most the empty companions of a read-only WAL connection appear next to the log.
    let files = try FileManager.default.contentsOfDirectory(atPath: log.directory.url.path)
    #expect(Set(files).isSubset(of: ["log.sqlite", "log.sqlite-wal", "log.sqlite-shm"]))
  }

  /// The commands that run the reducer of the session's feature read the log only, too,
  /// whether the replay matches, diverges, or a stepper script ends on a bad line.
  @Test func replayingNeverWritesToTheLog() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        Counter().testDependencies(), initialState: Counter.State(),
        actions: [.increment, .increment, .decrement, .increment], feature: Counter.name
      )
    }
    let before = try log.fingerprint()
    let commands: [(arguments: [String], stdin: String, status: Int32)] = [
      (["replay"], "", 0),
      (["replay", "--to", "2", "--json"], "", 0),
      (["replay", "--skip", "1"], "", 0),
      (["replay", "--step"], "n\nn 2\ns count\nd\nu count >= 2\nb\nj 0\nback\nq\n", 0),
      (["replay", "--step"], "n\nfrob\n", 1),
      (["bisect", "--divergence"], "", 0),
      (["bisect", "--where", "count >= 2"], "", 0),
      (["bisect", "--run", #"grep -qv '"count":2'"#], "", 0),
    ]
    for (arguments, stdin, status) in commands {
      let result = try log.run(arguments, stdin: stdin)
      #expect(result.status == status, "\(arguments): \(result.stderr)")
    }
    #expect(try log.fingerprint() == before)
    let files = try FileManager.default.contentsOfDirectory(atPath: log.directory.url.path)
    #expect(Set(files).isSubset(of: ["log.sqlite", "log.sqlite-wal", "log.sqlite-shm"]))
  }
}
