import GRDB
import GRDBSQLite

extension LogError {
  /// The error for what SQLite reported about the log at `path` (`nil` for an in-memory log),
  /// chosen by its result code; SQLite's message is kept, the SQL statement is not.
  init(_ error: DatabaseError, path: String?) {
    let path = path ?? ":memory:"
    let reason =
      error.message ?? String(cString: sqlite3_errstr(error.extendedResultCode.rawValue))
    switch error.resultCode {
    case .SQLITE_CORRUPT, .SQLITE_NOTADB:
      self = .damaged(path: path, reason: reason)
    case .SQLITE_BUSY, .SQLITE_LOCKED:
      self = .busy(path: path, reason: reason)
    case .SQLITE_FULL:
      self = .full(path: path, reason: reason)
    case .SQLITE_READONLY, .SQLITE_PERM:
      self = .notWritable(path: path, reason: reason)
    case .SQLITE_CANTOPEN:
      self = .cannotOpen(path: path, reason: reason)
    case .SQLITE_IOERR:
      self = .inputOutput(path: path, reason: reason)
    default:
      self = .sqlite(path: path, code: error.extendedResultCode.rawValue, reason: reason)
    }
  }

  /// `error` as a ``LogError`` about the log at `path`: itself if it is one, typed by its
  /// result code if SQLite reported it; any other error (a row that does not decode) means
  /// the stored data is not what rkdebug wrote.
  static func wrapping(_ error: any Error, path: String?) -> LogError {
    switch error {
    case let error as LogError:
      return error
    case let error as DatabaseError:
      return LogError(error, path: path)
    default:
      let file = path ?? ":memory:"
      return .corrupt("'\(file)' holds a row rkdebug cannot read (\(type(of: error)))")
    }
  }

  /// Whether the failure may come from another process creating the same log at this moment,
  /// so that opening again shortly may succeed: only a lock held briefly.
  var mayBeTransientWhileCreating: Bool {
    if case .busy = self { return true }
    return false
  }
}
