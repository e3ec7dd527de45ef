import GRDB

@testable import ReducerKitDebug

/// Writes a log file as an older rkdebug left it: `LogSchema`'s migrations up to `migration`,
/// in WAL mode, marked as a log of schema `version`, then `body`'s rows.
func writeOldLog(
  at path: String, upTo migration: String, version: Int,
  _ body: (Database) throws -> Void
) throws {
  let database = try DatabaseQueue(path: path)
  var migrator = LogSchema.migrator
  migrator.eraseDatabaseOnSchemaChange = false
  try migrator.migrate(database, upTo: migration)
  try database.writeWithoutTransaction { db in
    try db.execute(sql: "PRAGMA journal_mode = WAL")
    try db.execute(sql: "PRAGMA application_id = \(LogSchema.applicationID)")
    try db.execute(sql: "PRAGMA user_version = \(version)")
    try body(db)
  }
  try database.close()
}

/// Inserts session 1 (uuid `A`, started at 1700000000.5) of `feature`.
func insertSessionOne(
  _ db: Database, feature: String = "playlist", snapshotInterval: Int = 1000
) throws {
  try db.execute(
    sql: """
      INSERT INTO session (id, uuid, feature, state_type, action_type, state_fingerprint,
        action_fingerprint, snapshot_interval, durability, started_at)
      VALUES (1, 'A', ?, 'S', 'A', 'f', 'g', ?, 'buffered', 1700000000.5)
      """,
    arguments: [feature, snapshotInterval])
}
