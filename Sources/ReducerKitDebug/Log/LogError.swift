/// Why an ``ActionLog`` could not be opened or read. Each message says what was wrong and what to
/// do about it.
public enum LogError: Error, Equatable, CustomStringConvertible {
  /// No file exists at the path, and the log was opened for reading.
  case fileNotFound(path: String)
  /// The file exists but is not a SQLite database.
  case notSQLite(path: String)
  /// The file is a SQLite database written by something other than rkdebug.
  case notAnActionLog(path: String)
  /// The file was written by a newer version of rkdebug.
  case newerSchema(path: String, found: Int, supported: Int)
  /// No session has this id.
  case unknownSession(id: Int64, available: [Int64])
  /// The log holds no session yet.
  case noSessions(path: String)
  /// An action index outside the session.
  case indexOutOfRange(index: Int, actionCount: Int)
  /// The stored data of a session is damaged.
  case corrupt(String)
  /// The log was used after ``ActionLog/close()``.
  case closed
  /// A database error.
  case database(String)

  /// A one-line message that says what was wrong and what to do about it.
  public var description: String {
    switch self {
    case let .fileNotFound(path):
      return "no log at '\(path)'; record one with 'rkdebug record' or pass --db PATH"
    case let .notSQLite(path):
      return "'\(path)' is not an rkdebug log (not a SQLite database); pass --db with a log file"
    case let .notAnActionLog(path):
      return
        "'\(path)' is a SQLite database but not an rkdebug log (wrong application_id); "
        + "pass --db with a log file"
    case let .newerSchema(path, found, supported):
      return
        "'\(path)' was written by a newer rkdebug (schema \(found), this one reads up to "
        + "\(supported)); upgrade rkdebug to read it"
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
    case let .database(message):
      return "database error: \(message)"
    }
  }
}
