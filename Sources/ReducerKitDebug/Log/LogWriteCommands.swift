import CustomDump
import Foundation
import GRDB
import ReducerKit

/// Inserts a session and its initial-state snapshot (index 0).
struct SessionCommand<State: Encodable & Sendable>: LogWriteCommand {
  let key: SessionKey
  let uuid: UUID
  let feature: String
  let stateType: String
  let actionType: String
  let stateFingerprint: String
  let actionFingerprint: String
  let snapshotInterval: Int
  let durability: Durability
  let startedAt: Date
  let initialState: State

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    let metadata: [String: String] = [
      "pid": String(ProcessInfo.processInfo.processIdentifier),
      "host": ProcessInfo.processInfo.hostName,
    ]
    try db.execute(
      sql: """
        INSERT INTO session (uuid, feature, state_type, action_type, state_fingerprint,
          action_fingerprint, snapshot_interval, durability, started_at, metadata)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        uuid.uuidString, feature, stateType, actionType, stateFingerprint, actionFingerprint,
        snapshotInterval, durability.rawValue, startedAt.timeIntervalSince1970,
        try context.encoder.string(metadata),
      ]
    )
    key.rowID = db.lastInsertedRowID
    try SnapshotCommand(key: key, index: 0, state: initialState).write(db, &context)
  }
}

/// Inserts one action with its patch.
struct ActionCommand<Action: Encodable & Sendable>: LogWriteCommand {
  let key: SessionKey
  let index: Int
  let action: Action
  let effectID: Int?
  let parentIndex: Int?
  let time: Date
  let durationNanos: UInt64
  let changes: [PendingChange]

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO action (session_id, idx, json, label, source, effect_id, parent_idx, time,
          duration_ns, patch)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    )
    let texts = try context.actionTexts.texts(for: action, using: context.encoder)
    try statement.execute(arguments: [
      key.rowID, index, texts.json, texts.label,
      effectID == nil ? "send" : "effect", effectID, parentIndex, time.timeIntervalSince1970,
      Int64(clamping: durationNanos), try changes.json(using: context.encoder),
    ])
  }
}

/// Inserts a full-state snapshot.
struct SnapshotCommand: LogWriteCommand {
  let key: SessionKey
  let index: Int
  let encode: @Sendable (JSONFragmentEncoder) throws -> String

  init<State: Encodable & Sendable>(key: SessionKey, index: Int, state: State) {
    self.key = key
    self.index = index
    self.encode = { try $0.string(state) }
  }

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO snapshot (session_id, idx, state) VALUES (?, ?, ?)"
    ).execute(arguments: [key.rowID, index, try encode(context.encoder)])
  }
}

/// Inserts an effect when it starts.
struct EffectStartCommand: LogWriteCommand {
  let key: SessionKey
  let effectID: Int
  let actionIndex: Int
  let kind: String
  let cancelIDs: [String]
  let startedAt: Date

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    try db.cachedStatement(
      sql: """
        INSERT INTO effect (session_id, id, action_idx, kind, cancel_ids, started_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """
    ).execute(arguments: [
      key.rowID, effectID, actionIndex, kind, try context.encoder.string(cancelIDs),
      startedAt.timeIntervalSince1970,
    ])
  }
}

/// Records how an effect ended.
struct EffectEndCommand: LogWriteCommand {
  let key: SessionKey
  let effectID: Int
  let completion: EffectCompletion
  let endedAt: Date

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    let (outcome, error): (String, String?) =
      switch completion {
      case .finished: ("finished", nil)
      case .cancelled: ("cancelled", nil)
      case let .failed(description): ("failed", description)
      }
    try db.cachedStatement(
      sql: "UPDATE effect SET ended_at = ?, outcome = ?, error = ? WHERE session_id = ? AND id = ?"
    ).execute(arguments: [endedAt.timeIntervalSince1970, outcome, error, key.rowID, effectID])
  }
}

/// Ends a session: its end time and a snapshot of its final state.
struct SessionEndCommand: LogWriteCommand {
  let key: SessionKey
  let endedAt: Date
  let finalSnapshot: SnapshotCommand?

  func write(_ db: Database, _ context: inout LogWriteContext) throws {
    try finalSnapshot?.write(db, &context)
    try db.execute(
      sql: "UPDATE session SET ended_at = ? WHERE id = ?",
      arguments: [endedAt.timeIntervalSince1970, key.rowID]
    )
  }
}
