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

  /// A session by its fields: as a recorder starts one, or as a collector lists it.
  public init(
    id: Int64, uuid: String, feature: String, stateType: String, actionType: String,
    stateFingerprint: String, actionFingerprint: String, snapshotInterval: Int,
    durability: String, startedAt: Date, endedAt: Date?, actionCount: Int, effectCount: Int
  ) {
    self.id = id
    self.uuid = uuid
    self.feature = feature
    self.stateType = stateType
    self.actionType = actionType
    self.stateFingerprint = stateFingerprint
    self.actionFingerprint = actionFingerprint
    self.snapshotInterval = snapshotInterval
    self.durability = durability
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.actionCount = actionCount
    self.effectCount = effectCount
  }
}

/// The `session` table, read as GRDB records: `LoggedSession.order(Columns.id).fetchAll(db)`.
extension LoggedSession: FetchableRecord, TableRecord {
  /// The table's name.
  public static let databaseTableName = "session"

  /// The table's columns, and the two counts read with them.
  public enum Columns {
    public static let id = Column("id")
    public static let uuid = Column("uuid")
    public static let feature = Column("feature")
    public static let stateType = Column("state_type")
    public static let actionType = Column("action_type")
    public static let stateFingerprint = Column("state_fingerprint")
    public static let actionFingerprint = Column("action_fingerprint")
    public static let snapshotInterval = Column("snapshot_interval")
    public static let durability = Column("durability")
    public static let startedAt = Column("started_at")
    public static let endedAt = Column("ended_at")
    public static let metadata = Column("metadata")
    /// Not stored: the session's highest action index.
    public static let actionCount = Column("action_count")
    /// Not stored: the session's highest effect id.
    public static let effectCount = Column("effect_count")
  }

  /// The stored columns but `metadata`, and the counts of actions and effects.
  public static var databaseSelection: [any SQLSelectable] {
    [
      Columns.id, Columns.uuid, Columns.feature, Columns.stateType, Columns.actionType,
      Columns.stateFingerprint, Columns.actionFingerprint, Columns.snapshotInterval,
      Columns.durability, Columns.startedAt, Columns.endedAt,
      SQL("(SELECT ifnull(max(idx), 0) FROM action_entry WHERE session_id = session.id)")
        .forKey("action_count"),
      SQL("(SELECT ifnull(max(id), 0) FROM effect WHERE session_id = session.id)")
        .forKey("effect_count"),
    ]
  }

  /// Reads a session from a row of ``databaseSelection``.
  public init(row: Row) {
    id = row[Columns.id]
    uuid = row[Columns.uuid]
    feature = row[Columns.feature]
    stateType = row[Columns.stateType]
    actionType = row[Columns.actionType]
    stateFingerprint = row[Columns.stateFingerprint]
    actionFingerprint = row[Columns.actionFingerprint]
    snapshotInterval = row[Columns.snapshotInterval]
    durability = row[Columns.durability]
    startedAt = Date(timeIntervalSince1970: row[Columns.startedAt])
    endedAt = (row[Columns.endedAt] as Double?).map(Date.init(timeIntervalSince1970:))
    actionCount = row[Columns.actionCount]
    effectCount = row[Columns.effectCount]
  }
}

// MARK: - Writes
extension LoggedSession {
  /// Inserts the session as a new row (its `actionCount` and `effectCount` are not written:
  /// the log counts its rows) and returns the row's id: `id` when given, else the next one.
  func insert(metadata: String, id: Int64? = nil, in db: Database) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO session (id, uuid, feature, state_type, action_type, state_fingerprint,
          action_fingerprint, snapshot_interval, durability, started_at, ended_at, metadata)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        id, uuid, feature, stateType, actionType, stateFingerprint, actionFingerprint,
        snapshotInterval, durability, startedAt.timeIntervalSince1970,
        endedAt?.timeIntervalSince1970, metadata,
      ]
    )
    return db.lastInsertedRowID
  }
}
