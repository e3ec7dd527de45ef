import GRDB

extension ActionLog {
  // MARK: - Reads

  /// Every session in the log, oldest first.
  public func sessions() throws -> [LoggedSession] {
    try read { db in
      try LoggedSession.order(LoggedSession.Columns.id).fetchAll(db)
    }
  }

  /// The sessions that `query` keeps, oldest first.
  public func sessions(matching query: SessionQuery) throws -> [LoggedSession] {
    try read { db in
      try LoggedSession.filter(query.condition).order(LoggedSession.Columns.id).fetchAll(db)
    }
  }

  /// The session with `id`, or the newest session when `id` is `nil`.
  public func session(id: Int64? = nil) throws -> LoggedSession {
    try read { db in
      if let id {
        if let session = try LoggedSession.fetchOne(db, key: id) { return session }
        let available = try Int64.fetchAll(db, sql: "SELECT id FROM session ORDER BY id")
        throw LogError.unknownSession(id: id, available: available)
      }
      guard
        let session = try LoggedSession.order(LoggedSession.Columns.id.desc).fetchOne(db)
      else { throw LogError.noSessions(path: path ?? ":memory:") }
      return session
    }
  }

  /// A reader of one session: its actions, effects and the state at any index.
  public func reader(session id: Int64? = nil) throws -> SessionReader {
    SessionReader(log: self, session: try session(id: id))
  }

  /// Runs a read, turning database errors into ``LogError``s.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    do {
      return try database.read(body)
    } catch {
      throw LogError.wrapping(error, path: path)
    }
  }
}
