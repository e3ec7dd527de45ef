import Foundation
import GRDB
import Synchronization
import Testing

@testable import ReducerKitDebug

/// What SQLite reports about a log becomes a ``LogError`` chosen by its result code, with a
/// message that names the file and what to do, and no SQL.
@Suite struct LogErrorTests {
  let directory = TemporaryDirectory()

  @Test(arguments: [
    (
      ResultCode.SQLITE_CORRUPT, "database disk image is malformed",
      LogError.damaged(path: "x.sqlite", reason: "database disk image is malformed"),
      "'x.sqlite' is damaged (SQLite: database disk image is malformed); save what is still "
        + "readable with 'sqlite3 x.sqlite .recover > recovered.sql', or record the session again"
    ),
    (
      ResultCode.SQLITE_NOTADB, "file is not a database",
      LogError.damaged(path: "x.sqlite", reason: "file is not a database"),
      "'x.sqlite' is damaged (SQLite: file is not a database); save what is still readable with "
        + "'sqlite3 x.sqlite .recover > recovered.sql', or record the session again"
    ),
    (
      ResultCode.SQLITE_BUSY_TIMEOUT, "database is locked",
      LogError.busy(path: "x.sqlite", reason: "database is locked"),
      "'x.sqlite' is locked by another process (SQLite: database is locked); wait for it to "
        + "finish, or stop it, and run the command again"
    ),
    (
      ResultCode.SQLITE_LOCKED, "database table is locked",
      LogError.busy(path: "x.sqlite", reason: "database table is locked"),
      "'x.sqlite' is locked by another process (SQLite: database table is locked); wait for it "
        + "to finish, or stop it, and run the command again"
    ),
    (
      ResultCode.SQLITE_FULL, "database or disk is full",
      LogError.full(path: "x.sqlite", reason: "database or disk is full"),
      "cannot write to 'x.sqlite' (SQLite: database or disk is full); free some disk space and "
        + "try again"
    ),
    (
      ResultCode.SQLITE_READONLY, "attempt to write a readonly database",
      LogError.notWritable(path: "x.sqlite", reason: "attempt to write a readonly database"),
      "cannot write to 'x.sqlite' (SQLite: attempt to write a readonly database); check that "
        + "you may write the file and its folder, or pass --db with a writable path"
    ),
    (
      ResultCode.SQLITE_CANTOPEN, "unable to open database file",
      LogError.cannotOpen(path: "x.sqlite", reason: "unable to open database file"),
      "cannot open 'x.sqlite' (SQLite: unable to open database file); check that its folder "
        + "exists and that you may read and write it"
    ),
    (
      ResultCode.SQLITE_IOERR_READ, "disk I/O error",
      LogError.inputOutput(path: "x.sqlite", reason: "disk I/O error"),
      "reading or writing 'x.sqlite' failed (SQLite: disk I/O error); check the disk and run "
        + "the command again"
    ),
    (
      ResultCode.SQLITE_TOOBIG, "string or blob too big",
      LogError.sqlite(path: "x.sqlite", code: 18, reason: "string or blob too big"),
      "SQLite failed on 'x.sqlite' (error 18: string or blob too big); please report this as "
        + "an rkdebug bug"
    ),
  ])
  func resultCodesChooseTheError(
    code: ResultCode, message: String, expected: LogError, description: String
  ) {
    let error = DatabaseError(
      resultCode: code, message: message, sql: "SELECT idx, ops FROM action_entry WHERE x = ?")
    let logError = LogError(error, path: "x.sqlite")
    #expect(logError == expected)
    #expect(logError.description == description)
    #expect(!logError.description.contains("SELECT"))
    // Only a briefly held lock is worth opening again for.
    #expect(
      logError.mayBeTransientWhileCreating
        == (code.primaryResultCode == .SQLITE_BUSY
          || code.primaryResultCode == .SQLITE_LOCKED))
  }

  /// A real file whose `session` table page is overwritten with garbage.
  @Test func aDamagedPageIsReportedAsDamagedWithoutSQL() throws {
    let path = directory.path("log.sqlite")
    do {
      let log = try ActionLog(path: path)
      try log.importSession(SessionImportOldValueTests.session())
      try log.close()
    }
    try Self.overwriteRootPage(of: "session", in: path)

    let log = try ActionLog.readOnly(path: path)
    let expected = LogError.damaged(path: path, reason: "database disk image is malformed")
    #expect(throws: expected) { try log.sessions() }
    #expect(throws: expected) { try log.reader() }
    #expect(!expected.description.contains("SELECT"))
  }

  /// Overwrites the first bytes of the root page of `table` in the file at `path` (closed).
  static func overwriteRootPage(of table: String, in path: String) throws {
    let (pageSize, rootPage) = try DatabaseQueue(path: path).read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA page_size")!,
        try Int.fetchOne(
          db, sql: "SELECT rootpage FROM sqlite_master WHERE name = ?",
          arguments: [table])!
      )
    }
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seek(toOffset: UInt64((rootPage - 1) * pageSize))
    try handle.write(contentsOf: Data(repeating: 0xA5, count: 64))
    try handle.close()
  }

  @Test func aZeroLengthFileOpenedForReadingFailsAtOnce() throws {
    let path = directory.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let error = #expect(throws: LogError.self) { try ActionLog.readOnly(path: path) }
    #expect(error == .emptyFile(path: path))
    // Not a failure the opening retries: it is reported on the first attempt.
    #expect(error?.mayBeTransientWhileCreating == false)
    #expect(
      error?.description
        == "'\(path)' is empty (0 bytes), not an rkdebug log; record into it with 'rkdebug "
        + "record --feature NAME --db \(path)' or pass --db with a log file"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    // Opened for recording, an empty file becomes a new log.
    let log = try ActionLog(path: path)
    #expect(try log.sessions().isEmpty)
    try log.close()
  }

  @Test func anotherAppsDatabaseIsRefusedAtOnce() throws {
    let path = directory.path("other.sqlite")
    let other = try DatabaseQueue(path: path)
    try other.write { try $0.execute(sql: "CREATE TABLE t (x)") }
    try other.close()
    for open in [{ try ActionLog(path: path) }, { try ActionLog.readOnly(path: path) }] {
      let error = #expect(throws: LogError.self) { _ = try open() }
      #expect(error == .notAnActionLog(path: path))
      #expect(error?.mayBeTransientWhileCreating == false)
    }
  }

  /// Several processes (here threads, each with its own connection) creating the same new log
  /// at once all open it.
  @Test func creatingTheSameNewLogAtOnceSucceedsForEveryone() throws {
    let path = directory.path("new.sqlite")
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      do {
        try ActionLog(path: path).close()
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(try ActionLog.readOnly(path: path).sessions().isEmpty)
  }
}
