import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// A SQLite file of recorded sessions: every action, its state patch, every effect's life, and
/// periodic full-state snapshots.
///
/// ```swift
/// let log = try ActionLog(path: "rkdebug.sqlite")
/// let store = Store<Todos>(initialState: Todos.State(), reducer: Todos().recording(to: log))
/// …
/// try log.close()   // ends the open sessions and commits everything
/// ```
///
/// One file holds many sessions, and several processes can record into one file at once. The
/// file is in WAL mode, marked with an rkdebug `application_id`, and its `user_version` is the
/// schema version; `docs/log-format.md` documents the schema.
public final class ActionLog: Sendable {
  /// The file's path, or `nil` for an in-memory log.
  public let path: String?
  /// Whether the log was opened read-only. A read-only log never writes to the file.
  public let isReadOnly: Bool
  /// How soon recorded actions are committed.
  public let durability: Durability
  /// How many write commands may wait for the background writer before `send` blocks.
  public let bufferCapacity: Int

  let database: DatabaseQueue
  /// The schema version of the file: ``LogSchema/version`` once opened for writing, maybe an
  /// older readable one when opened read-only.
  let schemaVersion: Int
  private let state = Mutex(WriterState())
  /// Whether each session's effect ids follow its actions' order, by session id, once a
  /// ``SessionReader`` checked (a scan of every effect of the session): shared by the log's
  /// readers because `rkdebug ui` makes one per request. The answer never changes: a recording
  /// numbers its effects in order, an import writes a whole session in one transaction, and
  /// session ids are never reused.
  let effectOrder = Mutex<[Int64: Bool]>([:])

  private struct WriterState {
    var writer: LogWriter?
    var sessions: [RecordingSession] = []
    var isClosed = false
  }

  /// Opens (or creates) the log at `path` for recording and reading.
  ///
  /// Opening a file that is not SQLite, not an rkdebug log, or from a newer schema throws a
  /// ``LogError`` and leaves the file untouched.
  ///
  /// - Parameters:
  ///   - path: The file's path; it is created if missing.
  ///   - durability: How soon recorded actions are committed.
  ///   - bufferCapacity: How many write commands may queue before `send` waits for the writer.
  public convenience init(
    path: String, durability: Durability = .buffered, bufferCapacity: Int = 4096
  ) throws {
    try self.init(
      path: path, readOnly: false, durability: durability, bufferCapacity: bufferCapacity
    )
  }

  /// Opens an existing log for reading only: nothing is ever written to the file.
  public static func readOnly(path: String) throws -> ActionLog {
    try ActionLog(path: path, readOnly: true, durability: .buffered, bufferCapacity: 1)
  }

  /// A log that lives in memory, for tests and previews.
  public static func inMemory(durability: Durability = .buffered) throws -> ActionLog {
    try ActionLog(path: nil, readOnly: false, durability: durability, bufferCapacity: 4096)
  }

  /// How long a connection waits for another process's write to finish: 30 s.
  private static let busyTimeoutMilliseconds: Int32 = 30_000

  private init(path: String?, readOnly: Bool, durability: Durability, bufferCapacity: Int)
    throws
  {
    self.path = path
    self.isReadOnly = readOnly
    self.durability = durability
    self.bufferCapacity = max(1, bufferCapacity)
    var configuration = Configuration()
    configuration.readonly = readOnly
    configuration.busyMode = .timeout(Double(Self.busyTimeoutMilliseconds) / 1000)
    configuration.label = "rkdebug"
    // The schema's REFERENCES clauses say how rows relate (and cascade a session's deletion for
    // a connection that enables them), but this connection does not check them: every row it
    // writes references a session or action text written before it in the same transaction,
    // so the two B-tree lookups per action row that checking takes would prove nothing.
    configuration.foreignKeysEnabled = false
    let synchronous = durability == .everyAction ? "FULL" : "NORMAL"
    configuration.prepareDatabase { db in
      db.add(function: ActionTemplate.fillFunction)
      if !db.configuration.readonly {
        try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
      }
    }
    database = try Self.retryingWhileAnotherProcessCreatesTheLog(at: path) {
      let location = path.map(LogFileLocation.init)
      if let location {
        try Self.checkFile(at: location, readOnly: readOnly)
      }
      do {
        let database =
          if let location {
            try DatabaseQueue(
              path: (readOnly ? location.immutableName : nil) ?? location.literalName,
              configuration: configuration)
          } else {
            try DatabaseQueue(configuration: configuration)
          }
        if !readOnly {
          try Self.migrate(database, path: path)
        }
        return database
      } catch {
        throw LogError.wrapping(error, path: path)
      }
    }
    do {
      schemaVersion = try database.read { db in
        try Int.fetchOne(db, sql: "PRAGMA user_version") ?? LogSchema.version
      }
    } catch {
      throw LogError.wrapping(error, path: path)
    }
  }

  /// A SQLite file with rkdebug's migrations under way but no rkdebug `application_id` yet:
  /// another process is creating the log.
  private struct LogBeingCreated: Error {
    var path: String
  }

  /// Runs `open`, retrying for up to two seconds while another process may be creating the
  /// same new log: the file is briefly locked (switching to WAL) or its migration is running.
  /// Any other failure, such as an empty or foreign file opened for reading, fails at once.
  private static func retryingWhileAnotherProcessCreatesTheLog(
    at path: String?, _ open: () throws -> DatabaseQueue
  ) throws -> DatabaseQueue {
    let deadline = Date(timeIntervalSinceNow: 2)
    while true {
      do {
        return try open()
      } catch let error as LogBeingCreated {
        guard Date() < deadline else { throw LogError.notAnActionLog(path: error.path) }
      } catch let error as LogError {
        guard path != nil, Date() < deadline, error.mayBeTransientWhileCreating else {
          throw error
        }
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// The first bytes of the file, as many as SQLite's header has (fewer for a shorter file);
  /// `nil` when it cannot be opened for reading.
  private static func fileHeader(at path: String) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return ((try? handle.read(upToCount: sqliteHeader.count)) ?? nil).map(Array.init) ?? []
  }

  deinit {
    try? close()
  }

  // MARK: - Opening

  private static let sqliteHeader = Array("SQLite format 3\0".utf8)

  /// Whether the file at `path` starts as an SQLite database does (a log, or another one).
  package static func hasSQLiteHeader(at path: String) -> Bool {
    fileHeader(at: path) == sqliteHeader
  }

  /// Refuses files that are not rkdebug logs before SQLite touches them.
  private static func checkFile(at location: LogFileLocation, readOnly: Bool) throws {
    let path = location.path
    if let kind = location.nonFileKind { throw LogError.notAFile(path: path, kind: kind) }
    guard FileManager.default.fileExists(atPath: path) else {
      if readOnly { throw LogError.fileNotFound(path: path) }
      return
    }
    guard let header = fileHeader(at: path) else { throw LogError.unreadable(path: path) }
    guard !header.isEmpty else {
      if readOnly { throw LogError.emptyFile(path: path) }
      return  // An empty file becomes a new log.
    }
    guard header == sqliteHeader else { throw LogError.notSQLite(path: path) }

    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(Double(Self.busyTimeoutMilliseconds) / 1000)
    let (applicationID, userVersion, tables): (Int32, Int, Set<String>)
    do {
      let probe = try DatabaseQueue(
        path: (readOnly ? location.immutableName : nil) ?? location.literalName,
        configuration: configuration)
      (applicationID, userVersion, tables) = try probe.read { db in
        (
          try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
          try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
          Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master"))
        )
      }
      try probe.close()
    } catch {
      throw LogError.wrapping(error, path: path)
    }
    if applicationID != LogSchema.applicationID {
      // A database that is brand new (no tables, no id) may become a log, and one whose
      // migration is running is becoming one; anything else is someone else's file.
      guard applicationID == 0, !readOnly else { throw LogError.notAnActionLog(path: path) }
      if tables.contains("grdb_migrations") { throw LogBeingCreated(path: path) }
      guard tables.isEmpty else { throw LogError.notAnActionLog(path: path) }
    }
    if userVersion > LogSchema.version {
      throw LogError.newerSchema(path: path, found: userVersion, supported: LogSchema.version)
    }
    if applicationID == LogSchema.applicationID,
      (1..<LogSchema.oldestReadable).contains(userVersion)
    {
      throw LogError.olderSchema(path: path, found: userVersion, supported: LogSchema.version)
    }
  }

  private static func migrate(_ database: DatabaseQueue, path: String?) throws {
    // Two processes may open a new file at once: the loser of the race sees the winner's
    // migration and retries.
    var attempt = 0
    while true {
      do {
        try LogSchema.migrator.migrate(database)
        try database.writeWithoutTransaction { db in
          // Each written only when it differs, so opening an up-to-date log changes no byte of
          // it (GRDB's own WAL set-up commits a table created and dropped).
          if path != nil, try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
            try db.execute(sql: "PRAGMA journal_mode = WAL")
          }
          if try Int32.fetchOne(db, sql: "PRAGMA application_id") != LogSchema.applicationID {
            try db.execute(sql: "PRAGMA application_id = \(LogSchema.applicationID)")
          }
          if try Int.fetchOne(db, sql: "PRAGMA user_version") != LogSchema.version {
            try db.execute(sql: "PRAGMA user_version = \(LogSchema.version)")
          }
        }
        return
      } catch let error as DatabaseError {
        // The loser finds the file locked, the tables it creates already there, or the
        // migration it records already recorded.
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_ERROR, .SQLITE_CONSTRAINT:
          attempt += 1
          if attempt >= 5 { throw error }
          Thread.sleep(forTimeInterval: 0.05 * Double(attempt))
        default:
          throw error
        }
      }
    }
  }

  // MARK: - Writing

  /// The background writer, started with the first recorded session.
  func writer() throws -> LogWriter {
    try state.withLock { state in
      guard !state.isClosed else { throw LogError.closed }
      guard !isReadOnly else { throw LogError.openedReadOnly(path: path ?? ":memory:") }
      if let writer = state.writer { return writer }
      let writer = LogWriter(
        database: database, capacity: bufferCapacity, durability: durability
      )
      state.writer = writer
      return writer
    }
  }

  /// Remembers a session so ``close()`` can end it.
  func register(_ session: RecordingSession) {
    state.withLock { $0.sessions.append(session) }
  }

  /// Waits until every action recorded so far is committed to the file.
  public func flush() throws {
    let writer = state.withLock { $0.writer }
    try writer?.flush()
  }

  /// Ends the sessions recorded through this log (writing a final snapshot of each), commits
  /// everything, and stops the writer; then, when no other connection is reading the file,
  /// moves the write-ahead log into it, so that programs opening the file later have no WAL
  /// to read first. Calling it again does nothing.
  ///
  /// The log stays open for reading.
  public func close() throws {
    let (writer, sessions) = state.withLock { state -> (LogWriter?, [RecordingSession]) in
      guard !state.isClosed else { return (nil, []) }
      state.isClosed = true
      defer { state.sessions.removeAll() }
      return (state.writer, state.sessions)
    }
    guard let writer else { return }
    var firstError: (any Error)?
    for session in sessions {
      do { try session.end(using: writer) } catch { firstError = firstError ?? error }
    }
    do { try writer.close() } catch { firstError = firstError ?? error }
    if path != nil { checkpointUnlessBusy() }
    if let firstError { throw firstError }
  }

  /// Copies the WAL's frames into the database file and empties the WAL, without waiting: if
  /// another connection is reading, SQLite says busy at once and the WAL stays as it is (the
  /// log is complete either way). Otherwise every later reader of the file, each `rkdebug`
  /// command, would first scan the WAL to rebuild its index: megabytes after a long session.
  private func checkpointUnlessBusy() {
    database.writeWithoutTransaction { db in
      guard let connection = db.sqliteConnection else { return }
      sqlite3_busy_timeout(connection, 0)
      defer { sqlite3_busy_timeout(connection, Self.busyTimeoutMilliseconds) }
      _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }
  }
}
