import GRDB

@testable import ReducerKitDebug

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
