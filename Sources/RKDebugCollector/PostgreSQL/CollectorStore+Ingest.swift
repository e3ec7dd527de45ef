import Foundation
import PostgresNIO
import ReducerKitDebug

extension CollectorStore {
  // MARK: - Writes

  /// Stores a batch of a session in one transaction: the session (the first batch) and the
  /// batch's actions and effects that are not stored yet, by the rules of ``SessionBatch``
  /// (the same as a log's ``ActionLog/appendBatch(_:items:)``).
  ///
  /// - Throws: ``SessionBatchError`` naming the first problem; nothing of the batch is stored.
  @discardableResult
  public func ingest(
    _ header: SessionImport, items: [SessionImport.Item]
  ) async throws -> SessionBatchResult {
    try await withConnection { connection in
      try await connection.transaction {
        try await connection.ingestInTransaction(header, items: items)
      }
    }
  }
}

extension CollectorConnection {
  fileprivate func ingestInTransaction(
    _ header: SessionImport, items: [SessionImport.Item]
  ) async throws -> SessionBatchResult {
    let uuid = header.uuid
    let interval = max(1, header.snapshotInterval)
    let start = header.startedAt.timeIntervalSince1970
    let initialState = header.initialState.serialized()
    let metadata = header.metadata.serialized()

    // The session: created by its first batch, locked (FOR UPDATE) by every batch so that
    // two batches of one session are stored one after the other. Inserted only when missing:
    // an insert that conflicts still takes a number from the identity, and ids would skip.
    var sessionID: Int64?
    var isStored = false
    for try await _ in try await query("SELECT 1 FROM session WHERE uuid = \(uuid)").decode(
      Int.self)
    {
      isStored = true
    }
    var fresh: SessionBatch?
    if !isStored {
      // Checked first: a refused first batch takes no number either.
      fresh = try SessionBatch(header, items: items, stored: nil)
      for try await id in try await query(
        """
        INSERT INTO session (uuid, feature, state_type, action_type, state_fingerprint,
          action_fingerprint, snapshot_interval, durability, started_at, metadata, head_state)
        VALUES (\(uuid), \(header.feature), \(header.stateType), \(header.actionType),
          \(header.stateFingerprint), \(header.actionFingerprint), \(interval),
          \(header.durability), \(start), \(metadata)::json, \(initialState)::json)
        ON CONFLICT (uuid) DO NOTHING RETURNING id
        """
      ).decode(Int64.self) {
        sessionID = id
      }
    }
    var batch: SessionBatch
    var storedCount = 0
    if let id = sessionID, let fresh {
      batch = fresh
      try await query(
        "INSERT INTO snapshot (session_id, idx, state) VALUES (\(id), 0, \(initialState)::json)")
      if let environment = header.reads[0], !environment.isEmpty {
        let reads = DependencyRead.json(of: environment).serialized()
        try await query(
          "INSERT INTO input (session_id, idx, reads) VALUES (\(id), 0, \(reads)::json)")
      }
    } else {
      let stored = try await storedSession(uuid: uuid, forUpdate: true)
      sessionID = stored.id
      storedCount = stored.actionCount
      let head: JSONValue
      do {
        head = try JSONValue(parsing: stored.headState)
      } catch {
        throw SessionBatchError(
          session: uuid, "the stored state after action \(storedCount) does not parse: \(error)")
      }
      let resent =
        if let range = SessionBatch.resentRange(of: items, after: storedCount) {
          try await storedStoredActions(session: stored.id, in: range)
        } else {
          [Int: StoredAction]()
        }
      batch = try SessionBatch(
        header, items: items,
        stored: SessionBatch.Stored(
          header: stored.header, actionCount: storedCount,
          endedAt: stored.header.endedAt?.timeIntervalSince1970, headState: head,
          resentActions: resent))
    }
    guard let sessionID else {
      throw SessionBatchError(session: uuid, "the session was neither stored nor found")
    }

    // The new actions, then the effects (which reference their actions).
    try await insert(batch.newActions.map(\.row), session: sessionID)
    try await copy(batch.snapshots, into: "snapshot", columns: ["session_id", "idx", "state"]) {
      snapshot, row in
      row.add(sessionID)
      row.add(snapshot.index)
      row.add(snapshot.state)
    }
    let effects = batch.effects.map(\.row)
    let inserted = try await insertNew(effects, session: sessionID)
    batch.noteStoredEffects(inserted.count)
    let again = effects.filter { !inserted.contains($0.id) }
    let storedEffects =
      if let low = again.map(\.id).min(), let high = again.map(\.id).max() {
        try await storedStoredEffects(session: sessionID, in: low...high)
      } else {
        [Int: StoredEffect]()
      }
    for row in again {
      switch storedEffects[row.id].map(row.resending(over:)) ?? .different {
      case .alreadyStored: break
      case .ends:
        try await query(
          """
          UPDATE effect SET ended_us = \(row.endedMicros), outcome = \(row.outcome),
            error = \(row.error), cancel_cause = \(row.cancelCause),
            cancelled_by = \(row.cancelledBy)
          WHERE session_id = \(sessionID) AND id = \(row.id)
          """)
        batch.noteStoredEffects(1)
      case .different:
        throw SessionBatchError(
          session: uuid, "effect #\(row.id) differs from the stored effect #\(row.id)")
      }
    }
    if let ended = batch.ends {
      try await query("UPDATE session SET ended_at = \(ended) WHERE id = \(sessionID)")
    }
    let count = batch.result.actionCount
    if count > storedCount {
      let head = batch.headState.serialized()
      try await query(
        """
        UPDATE session SET action_count = \(count), head_state = \(head)::json
        WHERE id = \(sessionID)
        """)
    }
    return batch.result
  }

  /// Rows a statement of ``insertMany(_:_:tail:values:each:)``: at 11 parameters a row at
  /// most, far below PostgreSQL's 65,535.
  private static let rowsPerStatement = 1000

  /// Runs `head`, then `VALUES` with one parenthesized list per row of `rows` (each made by
  /// `values`), then `tail`, as one statement per 1,000 rows; `each` reads each one's rows.
  private func insertMany<Row>(
    _ head: String, _ rows: [Row], tail: String = "",
    values: (Row, inout ValueList) -> Void,
    each: (PostgresRowSequence) async throws -> Void = { _ in }
  ) async throws {
    for start in stride(from: 0, to: rows.count, by: Self.rowsPerStatement) {
      let chunk = rows[start..<min(start + Self.rowsPerStatement, rows.count)]
      var list = ValueList(
        sql: PostgresQuery.StringInterpolation(
          literalCapacity: head.utf8.count + 48 * chunk.count,
          interpolationCount: 11 * chunk.count))
      list.sql.appendLiteral(head + " VALUES")
      for (position, row) in chunk.enumerated() {
        list.sql.appendLiteral(position == 0 ? " (" : ", (")
        list.isFirst = true
        values(row, &list)
        list.sql.appendLiteral(")")
      }
      list.sql.appendLiteral(tail)
      try await each(try await query(PostgresQuery(stringInterpolation: list.sql)))
    }
  }

  /// The values of one row of an INSERT, each a bound parameter.
  struct ValueList {
    var sql: PostgresQuery.StringInterpolation
    var isFirst = true

    /// Appends `value`, cast to `json` when `isJSON`.
    mutating func add<Value: PostgresNonThrowingEncodable>(
      _ value: Value?, json isJSON: Bool = false
    ) {
      if !isFirst { sql.appendLiteral(", ") }
      isFirst = false
      sql.appendInterpolation(value)
      if isJSON { sql.appendLiteral("::json") }
    }
  }

  /// Inserts `rows` into `action`, and the reads of those that have some into `input`.
  private func insert(_ rows: [StoredAction], session: Int64) async throws {
    try await copy(
      rows, into: "action",
      columns: [
        "session_id", "idx", "json", "label", "effect_id", "parent_idx", "time_us",
        "duration_ns", "ops",
      ]
    ) { action, row in
      row.add(session)
      row.add(action.index)
      row.add(action.json)
      row.add(action.label)
      row.add(action.effectID)
      row.add(action.parentIndex)
      row.add(action.timeMicros)
      row.add(action.durationNanos)
      row.add(action.ops)
    }
    try await copy(
      rows.filter { $0.reads != nil }, into: "input", columns: ["session_id", "idx", "reads"]
    ) { action, row in
      row.add(session)
      row.add(action.index)
      row.add(action.reads)
    }
  }

  /// Stores `rows` in `table` with `COPY … FROM STDIN`, PostgreSQL's fastest way to load many
  /// rows; `fields` writes one row's columns. New rows only: a row already stored fails the
  /// copy, and with it the batch's transaction.
  private func copy<Row>(
    _ rows: [Row], into table: String, columns: [String],
    fields: (Row, inout CopyTextRow) -> Void
  ) async throws {
    guard !rows.isEmpty else { return }
    try await connection.copyFrom(table: table, columns: columns, logger: logger) { writer in
      var row = CopyTextRow()
      for element in rows {
        fields(element, &row)
        row.endRow()
        if row.buffer.readableBytes >= 1 << 20 {
          try await writer.write(row.buffer)
          row.buffer.clear()
        }
      }
      if row.buffer.readableBytes > 0 { try await writer.write(row.buffer) }
    }
  }

  /// Inserts the rows of `rows` whose id the session has no effect under, and returns their
  /// ids; the others are left to ``storeAgain(_:stored:session:)``.
  private func insertNew(_ rows: [StoredEffect], session: Int64) async throws -> Set<Int> {
    var inserted = Set<Int>()
    try await insertMany(
      """
      INSERT INTO effect (session_id, id, action_idx, kind, cancel_ids, started_us, ended_us,
        outcome, error, cancel_cause, cancelled_by)
      """, rows, tail: " ON CONFLICT (session_id, id) DO NOTHING RETURNING id",
      values: { row, list in
        list.add(session)
        list.add(row.id)
        list.add(row.actionIndex)
        list.add(row.kind)
        list.add(row.cancelIDs, json: true)
        list.add(row.startedMicros)
        list.add(row.endedMicros)
        list.add(row.outcome)
        list.add(row.error)
        list.add(row.cancelCause)
        list.add(row.cancelledBy)
      },
      each: { rows in
        for try await id in rows.decode(Int.self) { inserted.insert(id) }
      })
    return inserted
  }
}
