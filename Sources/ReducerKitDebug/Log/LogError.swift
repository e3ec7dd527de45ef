/// Why an ``ActionLog`` could not be opened, read or written. Each message names the file, says
/// what was wrong and what to do about it, and never shows SQL.
public enum LogError: Error, Equatable, CustomStringConvertible {
  /// No file exists at the path, and the log was opened for reading.
  case fileNotFound(path: String)
  /// The file is empty (zero bytes), and the log was opened for reading.
  case emptyFile(path: String)
  /// The file exists but cannot be read: its permissions forbid it.
  case unreadable(path: String)
  /// The file exists but is not a SQLite database.
  case notSQLite(path: String)
  /// The path names a directory, a FIFO, a device or a socket (`kind` says which), which is
  /// refused before it is opened.
  case notAFile(path: String, kind: String)
  /// The file is a SQLite database written by something other than rkdebug.
  case notAnActionLog(path: String)
  /// The file was written by a newer version of rkdebug.
  case newerSchema(path: String, found: Int, supported: Int)
  /// The file was written by an older, unreleased rkdebug whose schema this one does not read.
  case olderSchema(path: String, found: Int, supported: Int)
  /// No session has this id.
  case unknownSession(id: Int64, available: [Int64])
  /// The log holds no session yet.
  case noSessions(path: String)
  /// An action index outside the session.
  case indexOutOfRange(index: Int, actionCount: Int)
  /// The stored data of a session is inconsistent (or an imported session is).
  case corrupt(String)
  /// The log was used after ``ActionLog/close()``.
  case closed
  /// A write to a log opened with ``ActionLog/readOnly(path:)``.
  case openedReadOnly(path: String)
  /// An imported session whose uuid is already in the log, as session `id`.
  case sessionAlreadyInLog(uuid: String, id: Int64)
  /// SQLite found the file damaged (`SQLITE_CORRUPT`, `SQLITE_NOTADB` past a valid header).
  case damaged(path: String, reason: String)
  /// Another connection kept the file locked longer than the log waits
  /// (`SQLITE_BUSY`, `SQLITE_LOCKED`).
  case busy(path: String, reason: String)
  /// The disk (or SQLite's size limit) is full (`SQLITE_FULL`).
  case full(path: String, reason: String)
  /// The file, its folder or its WAL cannot be written (`SQLITE_READONLY`, `SQLITE_PERM`).
  case notWritable(path: String, reason: String)
  /// SQLite cannot open the file (`SQLITE_CANTOPEN`).
  case cannotOpen(path: String, reason: String)
  /// The operating system failed to read or write the file (`SQLITE_IOERR`).
  case inputOutput(path: String, reason: String)
  /// Any other SQLite failure, with its extended result code.
  case sqlite(path: String, code: Int32, reason: String)

  /// A one-line message that says what was wrong and what to do about it.
  public var description: String {
    switch self {
    case let .fileNotFound(path):
      return "no log at '\(path)'; record one with 'rkdebug record' or pass --db PATH"
    case let .emptyFile(path):
      return
        "'\(path)' is empty (0 bytes), not an rkdebug log; record into it with 'rkdebug "
        + "record --feature NAME --db \(path)' or pass --db with a log file"
    case let .unreadable(path):
      return "cannot read '\(path)': permission denied; check its permissions or pass --db"
    case let .notSQLite(path):
      return "'\(path)' is not an rkdebug log (not a SQLite database); pass --db with a log file"
    case let .notAFile(path, kind):
      return "'\(path)' is \(kind), not a log file; pass --db with the path of a log file"
    case let .notAnActionLog(path):
      return
        "'\(path)' is a SQLite database but not an rkdebug log (wrong application_id); "
        + "pass --db with a log file"
    case let .newerSchema(path, found, supported):
      return
        "'\(path)' was written by a newer rkdebug (schema \(found), this one reads up to "
        + "\(supported)); upgrade rkdebug to read it"
    case let .olderSchema(path, found, supported):
      return
        "'\(path)' was written by an older rkdebug (log schema \(found)); this rkdebug reads "
        + "schemas \(LogSchema.oldestReadable) to \(supported): record it again, or export it "
        + "with the older rkdebug and import it here"
    case let .unknownSession(id, available):
      let list = available.isEmpty ? "none" : available.map(String.init).joined(separator: ", ")
      return "no session \(id) in this log (sessions: \(list)); list them with 'rkdebug sessions'"
    case let .noSessions(path):
      return "'\(path)' holds no session yet; record one with 'rkdebug record'"
    case let .indexOutOfRange(index, actionCount) where actionCount == 0:
      return
        "index \(index) is out of range: this session has no actions; its only state is the "
        + "initial state, index 0"
    case let .indexOutOfRange(index, actionCount):
      return
        "index \(index) is out of range: this session has actions 1...\(actionCount) "
        + "(0 is the initial state)"
    case let .corrupt(message):
      return "the log is damaged: \(message)"
    case .closed:
      return "the log was closed; open it again"
    case let .openedReadOnly(path):
      return "'\(path)' was opened read-only; open it with ActionLog(path:) to write to it"
    case let .sessionAlreadyInLog(uuid, id):
      return
        "session \(uuid) is already in this log as session \(id); import it into another log"
    case let .damaged(path, reason):
      return
        "'\(path)' is damaged (SQLite: \(reason)); save what is still readable with "
        + "'sqlite3 \(path) .recover > recovered.sql', or record the session again"
    case let .busy(path, reason):
      return
        "'\(path)' is locked by another process (SQLite: \(reason)); wait for it to finish, "
        + "or stop it, and run the command again"
    case let .full(path, reason):
      return
        "cannot write to '\(path)' (SQLite: \(reason)); free some disk space and try again"
    case let .notWritable(path, reason):
      return
        "cannot write to '\(path)' (SQLite: \(reason)); check that you may write the file and "
        + "its folder, or pass --db with a writable path"
    case let .cannotOpen(path, reason):
      return
        "cannot open '\(path)' (SQLite: \(reason)); check that its folder exists and that you "
        + "may read and write it"
    case let .inputOutput(path, reason):
      return
        "reading or writing '\(path)' failed (SQLite: \(reason)); check the disk and run the "
        + "command again"
    case let .sqlite(path, code, reason):
      return
        "SQLite failed on '\(path)' (error \(code): \(reason)); please report this as an "
        + "rkdebug bug"
    }
  }
}
