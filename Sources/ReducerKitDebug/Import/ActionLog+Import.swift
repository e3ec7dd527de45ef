import Foundation
import GRDB

extension ActionLog {
  // MARK: - Import

  /// Writes a whole session into the log in one transaction, as a new session, and returns
  /// its id.
  ///
  /// The actions' patches, labels and times are written as they are, each patch in the log's
  /// compact form by the recorder's own writer. The snapshots are made
  /// by applying the patches to the initial state: one at 0, one every
  /// ``LoggedSession/snapshotInterval`` actions, and one at the last action if the session
  /// ended. Either everything is written or nothing is.
  ///
  /// - Parameters:
  ///   - session: The session.
  ///   - progress: Called with the number of actions written so far, every few hundred.
  /// - Returns: The new session's id in this log.
  /// - Throws: ``LogError/corrupt(_:)`` when ``SessionImport/validate()`` finds the session
  ///   inconsistent; ``LogError/sessionAlreadyInLog(uuid:id:)`` when a session with the same
  ///   uuid is already in the log.
  @discardableResult
  public func importSession(
    _ session: SessionImport, progress: ((Int) -> Void)? = nil
  ) throws -> Int64 {
    guard !isReadOnly else { throw LogError.openedReadOnly(path: path ?? ":memory:") }
    try session.validate()
    var row = session.session
    row.snapshotInterval = max(1, row.snapshotInterval)
    let interval = row.snapshotInterval
    do {
      return try database.write { db in
        if let existing = try Int64.fetchOne(
          db, sql: "SELECT id FROM session WHERE uuid = ?", arguments: [row.uuid]
        ) {
          throw LogError.sessionAlreadyInLog(uuid: row.uuid, id: existing)
        }
        let id = try row.insert(metadata: session.metadata.serialized(), in: db)
        let snapshot = try db.makeStatement(
          sql: "INSERT INTO snapshot (session_id, idx, state) VALUES (?, ?, ?)"
        )
        let insertAction = try db.makeStatement(sql: LoggedAction.insertSQL)
        let start = row.startedAt.timeIntervalSince1970
        let encoder = JSONFragmentEncoder()
        let insertInput = try db.makeStatement(
          sql: "INSERT INTO input (session_id, idx, reads) VALUES (?, ?, ?)"
        )
        func insertReads(at index: Int) throws {
          guard let reads = session.reads[index] else { return }
          try insertInput.execute(arguments: [
            id, index, DependencyRead.json(of: reads).serialized(),
          ])
        }
        var state = session.initialState
        try snapshot.execute(arguments: [id, 0, state.serialized()])
        try insertReads(at: 0)
        for action in session.actions {
          do {
            try state.apply(action.patch)
          } catch {
            throw LogError.corrupt("the patch of action \(action.index) does not apply: \(error)")
          }
          let (effectID, parentIndex): (Int?, Int?) =
            switch action.source {
            case .send: (nil, nil)
            case let .effect(effectID, parentIndex): (effectID, parentIndex)
            }
          try insertAction.execute(arguments: [
            id, action.index, ActionTextRow.id(json: action.json, label: action.label, in: db),
            effectID, parentIndex,
            LogSchema.microseconds(from: start, to: action.time.timeIntervalSince1970),
            action.durationNanos,
            action.patch.map(PendingChange.init).compactJSON(using: encoder),
          ])
          try insertReads(at: action.index)
          let isLast = action.index == session.actions.count
          if action.index % interval == 0 || (isLast && row.endedAt != nil) {
            try snapshot.execute(arguments: [id, action.index, state.serialized()])
          }
          if action.index % 500 == 0 { progress?(action.index) }
        }
        for effect in session.effects {
          try effect.insert(session: id, sessionStart: start, in: db)
        }
        progress?(session.actions.count)
        return id
      }
    } catch {
      throw LogError.wrapping(error, path: path)
    }
  }

  /// The metadata object of session `id` (`pid`, `host`), for export.
  public func metadata(ofSession id: Int64) throws -> JSONValue {
    let text = try read { db in
      try String.fetchOne(db, sql: "SELECT metadata FROM session WHERE id = ?", arguments: [id])
    }
    guard let text else { throw LogError.unknownSession(id: id, available: []) }
    return (try? JSONValue(parsing: text)) ?? [:]
  }
}
