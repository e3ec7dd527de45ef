import Foundation
import GRDB

extension ActionLog {
  // MARK: - Batches

  /// Stores a batch of a session in one transaction, as `rkdebug serve` does with what apps
  /// and `rkdebug push` send it: the session (on its first batch) and the batch's actions and
  /// effects that the log does not hold yet, by the rules of ``SessionBatch``. Sending a batch
  /// again stores nothing twice; a batch may resend stored actions, never skip one.
  ///
  /// Memory holds the batch and one state; the state the session's stored actions end in is
  /// rebuilt from its last snapshot, so a batch costs at most a snapshot interval of patches
  /// more than its own.
  ///
  /// - Parameters:
  ///   - header: The session line: the session's metadata, initial state and environment.
  ///   - items: Actions and effects in export order, from any action on.
  /// - Returns: What was stored, and the session's action count after the batch.
  /// - Throws: ``SessionBatchError`` for a batch that does not agree with the stored session
  ///   (nothing of it is stored), or a ``LogError``.
  @discardableResult
  public func appendBatch(
    _ header: SessionImport, items: [SessionImport.Item]
  ) throws -> SessionBatchResult {
    guard !isReadOnly else { throw LogError.openedReadOnly(path: path ?? ":memory:") }
    do {
      return try database.write { db in try Self.append(header, items: items, in: db) }
    } catch let error as DatabaseError {
      throw LogError(error, path: path)
    }
  }

  private static func append(
    _ header: SessionImport, items: [SessionImport.Item], in db: Database
  ) throws -> SessionBatchResult {
    var row = header.session
    row.snapshotInterval = max(1, row.snapshotInterval)
    let start = row.startedAt.timeIntervalSince1970
    let existing = try LoggedSession.filter(LoggedSession.Columns.uuid == row.uuid).fetchOne(db)
    var batch: SessionBatch
    let id: Int64
    if let existing {
      id = existing.id
      batch = try SessionBatch(
        header, items: items, stored: try storedSession(existing, items: items, in: db))
    } else {
      batch = try SessionBatch(header, items: items, stored: nil)
      row.endedAt = nil
      id = try row.insert(metadata: header.metadata.serialized(), in: db)
      try db.execute(
        sql: "INSERT INTO snapshot (session_id, idx, state) VALUES (?, 0, ?)",
        arguments: [id, header.initialState.serialized()])
      if let environment = header.reads[0], !environment.isEmpty {
        try db.execute(
          sql: "INSERT INTO input (session_id, idx, reads) VALUES (?, 0, ?)",
          arguments: [id, DependencyRead.json(of: environment).serialized()])
      }
    }

    let insertAction = try db.makeStatement(sql: LoggedAction.insertSQL)
    let insertInput = try db.makeStatement(
      sql: "INSERT INTO input (session_id, idx, reads) VALUES (?, ?, ?)")
    for (_, action) in batch.newActions {
      try insertAction.execute(arguments: [
        id, action.index, try ActionTextRow.id(json: action.json, label: action.label, in: db),
        action.effectID, action.parentIndex, action.timeMicros, action.durationNanos,
        action.ops,
      ])
      if let reads = action.reads {
        try insertInput.execute(arguments: [id, action.index, reads])
      }
    }
    let insertSnapshot = try db.makeStatement(
      sql: "INSERT INTO snapshot (session_id, idx, state) VALUES (?, ?, ?)")
    for (index, state) in batch.snapshots {
      try insertSnapshot.execute(arguments: [id, index, state])
    }
    for (effect, row) in batch.effects {
      guard let stored = try storedEffect(row.id, session: id, startedAt: start, in: db) else {
        try effect.insert(session: id, sessionStart: start, in: db)
        batch.noteStoredEffects(1)
        continue
      }
      switch row.resending(over: stored) {
      case .alreadyStored: break
      case .ends:
        try db.execute(
          sql: """
            UPDATE effect SET ended_us = ?, outcome = ?, error = ?, cancel_cause = ?,
              cancelled_by = ?
            WHERE session_id = ? AND id = ?
            """,
          arguments: [
            row.endedMicros, effect.outcome?.code, effect.error, effect.cancelCause?.code,
            effect.cancelledBy, id, row.id,
          ])
        batch.noteStoredEffects(1)
      case .different:
        throw SessionBatchError(
          session: header.uuid, "effect #\(row.id) differs from the stored effect #\(row.id)")
      }
    }
    if let ended = batch.ends {
      try db.execute(
        sql: "UPDATE session SET ended_at = ? WHERE id = ?", arguments: [ended, id])
    }
    return batch.result
  }

  /// What the log holds of session `session` that a batch of it is checked against.
  private static func storedSession(
    _ session: LoggedSession, items: [SessionImport.Item], in db: Database
  ) throws -> SessionBatch.Stored {
    func json(_ sql: String, _ arguments: StatementArguments) throws -> JSONValue {
      guard let text = try String.fetchOne(db, sql: sql, arguments: arguments) else {
        throw LogError.corrupt("session \(session.id) lacks what `\(sql)` reads")
      }
      return try JSONValue(parsing: text)
    }
    let header = SessionImport(
      uuid: session.uuid, feature: session.feature, stateType: session.stateType,
      actionType: session.actionType, stateFingerprint: session.stateFingerprint,
      actionFingerprint: session.actionFingerprint, snapshotInterval: session.snapshotInterval,
      durability: session.durability, startedAt: session.startedAt, endedAt: session.endedAt,
      metadata: try json("SELECT metadata FROM session WHERE id = ?", [session.id]),
      initialState: try json(
        "SELECT state FROM snapshot WHERE session_id = ? AND idx = 0", [session.id]),
      actions: [], effects: [])
    let count = session.actionCount
    // The state after the last stored action: its nearest snapshot, then the patches after it.
    guard
      let (snapshotIndex, snapshot) = try Row.fetchOne(
        db,
        sql: """
          SELECT idx, state FROM snapshot WHERE session_id = ? AND idx <= ?
          ORDER BY idx DESC LIMIT 1
          """, arguments: [session.id, count]
      ).map({ ($0[0] as Int, $0[1] as String) })
    else { throw LogError.corrupt("session \(session.id) has no snapshot 0") }
    var head = try JSONValue(parsing: snapshot)
    let patches = try Row.fetchCursor(
      db,
      sql: """
        SELECT idx, ops FROM action_entry WHERE session_id = ? AND idx > ? AND idx <= ?
        ORDER BY idx
        """, arguments: [session.id, snapshotIndex, count])
    while let patch = try patches.next() {
      let index: Int = patch[0]
      do {
        try head.apply(try [JSONPatchOperation](compactText: patch[1]))
      } catch {
        throw LogError.corrupt("the patch of action \(index) does not apply: \(error)")
      }
    }
    var resent: [Int: StoredAction] = [:]
    if let range = SessionBatch.resentRange(of: items, after: count) {
      let texts = ActionTemplate.Columns(schemaVersion: LogSchema.version)
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT e.idx, \(texts.json), \(texts.label), e.effect_id, e.parent_idx, e.time_us,
            e.duration_ns, e.ops, i.reads
          FROM action_entry AS e JOIN action_text AS t ON t.id = e.text_id \(texts.join)
          LEFT JOIN input AS i ON i.session_id = e.session_id AND i.idx = e.idx
          WHERE e.session_id = ? AND e.idx BETWEEN ? AND ?
          """, arguments: [session.id, range.lowerBound, range.upperBound])
      while let row = try rows.next() {
        let index: Int = row[0]
        guard let json = row[1] as String?, let label = row[2] as String? else {
          throw LogError.corrupt("the text of action \(index) is missing")
        }
        resent[index] = StoredAction(
          index: index, json: json, label: label, effectID: row[3], parentIndex: row[4],
          timeMicros: row[5], durationNanos: row[6], ops: row[7], reads: row[8])
      }
    }
    return SessionBatch.Stored(
      header: header, actionCount: count, endedAt: session.endedAt?.timeIntervalSince1970,
      headState: head, resentActions: resent)
  }

  /// The effect `id` of session `session`, which started at `start` (the batch's session line
  /// agrees with the stored one, checked first), as stored, its codes as names; `nil` when
  /// none.
  private static func storedEffect(
    _ id: Int, session: Int64, startedAt start: Double, in db: Database
  ) throws -> StoredEffect? {
    guard
      let row = try Row.fetchOne(
        db,
        sql: LoggedEffect.selection(schemaVersion: LogSchema.version)
          + " WHERE e.session_id = ? AND e.id = ?", arguments: [session, id])
    else { return nil }
    let effect = try LoggedEffect(row: row, sessionStart: start)
    var stored = StoredEffect(effect, sessionStart: start)
    // The stored times as they are, not through a `Date` and back.
    stored.startedMicros = row[4]
    stored.endedMicros = row[5]
    return stored
  }
}
