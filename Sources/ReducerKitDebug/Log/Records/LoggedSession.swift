import Foundation
import GRDB

/// One recorded session, as the log lists it.
public struct LoggedSession: Codable, Sendable, Equatable {
  /// The session's id in the log (`rkdebug --session ID`).
  public var id: Int64
  /// A globally unique id, kept by `export`/`import`.
  public var uuid: String
  /// The feature name the session was recorded under.
  public var feature: String
  /// The state type's full name.
  public var stateType: String
  /// The action type's full name.
  public var actionType: String
  /// A hash of the state type's shape when recorded.
  public var stateFingerprint: String
  /// A hash of the action type's cases when recorded.
  public var actionFingerprint: String
  /// A full-state snapshot was written every this many actions.
  public var snapshotInterval: Int
  /// The durability the session was recorded with.
  public var durability: String
  /// When the first action arrived.
  public var startedAt: Date
  /// When the session was closed, or `nil` if it was not (still recording, or killed).
  public var endedAt: Date?
  /// The number of actions recorded.
  public var actionCount: Int
  /// The number of effects recorded.
  public var effectCount: Int

  enum Columns {
    static let all = """
      id, uuid, feature, state_type, action_type, state_fingerprint, action_fingerprint,
      snapshot_interval, durability, started_at, ended_at,
      (SELECT ifnull(max(idx), 0) FROM action WHERE session_id = session.id) AS action_count,
      (SELECT ifnull(max(id), 0) FROM effect WHERE session_id = session.id) AS effect_count
      """
  }
}

// In an extension, so that the struct keeps its memberwise initializer.
extension LoggedSession {
  /// Reads a session from a row of ``Columns/all``.
  init(row: Row) {
    id = row["id"]
    uuid = row["uuid"]
    feature = row["feature"]
    stateType = row["state_type"]
    actionType = row["action_type"]
    stateFingerprint = row["state_fingerprint"]
    actionFingerprint = row["action_fingerprint"]
    snapshotInterval = row["snapshot_interval"]
    durability = row["durability"]
    startedAt = Date(timeIntervalSince1970: row["started_at"])
    endedAt = (row["ended_at"] as Double?).map(Date.init(timeIntervalSince1970:))
    actionCount = row["action_count"]
    effectCount = row["effect_count"]
  }

  /// Inserts the session as a new row (its `id`, `actionCount` and `effectCount` are not
  /// written: the log numbers it and counts its rows) and returns the row's id.
  func insert(metadata: String, in db: Database) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO session (uuid, feature, state_type, action_type, state_fingerprint,
          action_fingerprint, snapshot_interval, durability, started_at, ended_at, metadata)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        uuid, feature, stateType, actionType, stateFingerprint, actionFingerprint,
        snapshotInterval, durability, startedAt.timeIntervalSince1970,
        endedAt?.timeIntervalSince1970, metadata,
      ]
    )
    return db.lastInsertedRowID
  }
}
