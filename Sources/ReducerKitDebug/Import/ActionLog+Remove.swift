import GRDB

extension ActionLog {
  /// Deletes the session `id` and every row of it, in one transaction: for a copy of a
  /// session that its source has replaced (a replica of a collector's session that grew). The
  /// texts of actions and the sets of cancel ids, which sessions share, stay.
  public func removeSession(id: Int64) throws {
    guard !isReadOnly else { throw LogError.openedReadOnly(path: path ?? ":memory:") }
    do {
      try database.write { db in
        // This connection does not enforce the schema's ON DELETE CASCADE (see init).
        for table in ["input", "snapshot", "effect", "action_entry", "session"] {
          let column = table == "session" ? "id" : "session_id"
          try db.execute(sql: "DELETE FROM \(table) WHERE \(column) = ?", arguments: [id])
        }
      }
    } catch {
      throw LogError.wrapping(error, path: path)
    }
  }
}
