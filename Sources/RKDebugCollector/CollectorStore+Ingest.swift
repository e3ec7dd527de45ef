import Foundation
import PostgresNIO
import ReducerKitDebug

extension CollectorStore {
  /// What ``ingest(_:items:)`` did with a batch.
  public struct IngestResult: Sendable, Equatable {
    /// Actions stored by this batch.
    public var storedActions: Int
    /// Actions of the batch already stored (the same ones), stored nothing.
    public var skippedActions: Int
    /// Effects stored or completed (a running effect's end) by this batch.
    public var storedEffects: Int
    /// The session's actions stored after the batch: 1 through this index, with no gap.
    public var actionCount: Int
  }

  // MARK: - Writes

  /// Stores a batch of a session in one transaction: the session (the first batch) and the
  /// batch's actions and effects that are not stored yet.
  ///
  /// A batch is what `rkdebug export` writes, read (`header` from its session line, `items`
  /// from the rest), from any action on: a batch that starts at an action already stored
  /// resends it, and one that starts after the last stored action would leave a gap.
  ///
  /// - An action or effect already stored must be the same as the stored one, and stores
  ///   nothing again; an effect stored while running gets its end.
  /// - Every new action must come next (no gap, no reordering), and its patch must apply to
  ///   the state the stored actions end in with honest old values: the checks of
  ///   `rkdebug import` (``SessionImport/Checker``).
  /// - The session line must agree with the stored session (types, fingerprints, start,
  ///   initial state…). A session whose line says it ended is stored as ended once the
  ///   actions it counts (`actionCount`) are all stored; an ended session takes no new action.
  ///
  /// - Throws: ``CollectorError`` naming the first problem; nothing of the batch is stored.
  @discardableResult
  public func ingest(
    _ header: SessionImport, items: [SessionImport.Item]
  ) async throws -> IngestResult {
    try await withConnection { connection in
      try await connection.transaction {
        try await connection.ingestInTransaction(header, items: items)
      }
    }
  }
}

extension CollectorConnection {
  typealias IngestResult = CollectorStore.IngestResult

  fileprivate func ingestInTransaction(
    _ header: SessionImport, items: [SessionImport.Item]
  ) async throws -> IngestResult {
    let uuid = header.uuid
    func refuse(_ problem: String) -> CollectorError {
      CollectorError("session \(uuid): \(problem); nothing of the batch was stored")
    }
    let interval = max(1, header.snapshotInterval)
    let start = header.startedAt.timeIntervalSince1970
    let initialState = header.initialState.serialized()
    let metadata = header.metadata.serialized()
    let endedAt = header.endedAt?.timeIntervalSince1970

    // The session: created by its first batch, locked (FOR UPDATE) by every batch so that
    // two batches of one session are stored one after the other.
    var sessionID: Int64?
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
    var checker: SessionImport.Checker
    var storedCount = 0
    var storedEnd: Double?
    if let id = sessionID {
      try await query(
        "INSERT INTO snapshot (session_id, idx, state) VALUES (\(id), 0, \(initialState)::json)")
      if let environment = header.reads[0], !environment.isEmpty {
        let reads = DependencyRead.json(of: environment).serialized()
        try await query(
          "INSERT INTO input (session_id, idx, reads) VALUES (\(id), 0, \(reads)::json)")
      }
      checker = SessionImport.Checker(initialState: header.initialState)
    } else {
      let stored = try await storedSession(uuid: uuid, forUpdate: true)
      if let difference = stored.header.differenceFromBatch(header) {
        throw refuse("the session line differs from the stored session: \(difference)")
      }
      sessionID = stored.id
      storedCount = stored.actionCount
      storedEnd = stored.header.endedAt?.timeIntervalSince1970
      if let storedEnd, let endedAt, storedEnd != endedAt {
        throw refuse("it ended at \(endedAt), but the stored session ended at \(storedEnd)")
      }
      let head: JSONValue
      do {
        head = try JSONValue(parsing: stored.headState)
      } catch {
        throw refuse("the stored state after action \(storedCount) does not parse: \(error)")
      }
      checker = SessionImport.Checker(state: head, after: storedCount)
    }
    guard let sessionID else { throw refuse("the session was neither stored nor found") }

    var result = IngestResult(
      storedActions: 0, skippedActions: 0, storedEffects: 0, actionCount: storedCount)
    var newActions: [ActionRow] = []
    var snapshots: [(index: Int, state: String)] = []
    var effects: [EffectRow] = []
    // The stored actions this batch sends again, read in one query to compare with.
    let resent = items.lazy.compactMap { item -> Int? in
      guard case .action(let action, _) = item, (1...max(1, storedCount)).contains(action.index)
      else { return nil }
      return action.index
    }
    let storedRows =
      if storedCount > 0, let low = resent.min(), let high = resent.max() {
        try await storedActionRows(session: sessionID, in: low...high)
      } else {
        [Int: ActionRow]()
      }
    for item in items {
      switch item {
      case .action(let action, let reads):
        let row = try ActionRow(action, reads: reads, sessionStart: start)
        if action.index >= 1, action.index <= storedCount {
          guard storedRows[action.index] == row else {
            throw refuse("action \(action.index) differs from the stored action \(action.index)")
          }
          result.skippedActions += 1
          continue
        }
        if storedEnd != nil {
          throw refuse(
            "action \(action.index) comes after the end of the session (\(storedCount) actions)")
        }
        do {
          try checker.check(action)
        } catch let LogError.corrupt(problem) {
          throw refuse(problem)
        }
        newActions.append(row)
        if action.index % interval == 0 {
          snapshots.append((action.index, checker.state.serialized()))
        }
        result.storedActions += 1
      case .effect(let effect):
        do {
          try checker.check(effect)
        } catch let LogError.corrupt(problem) {
          throw refuse(problem)
        }
        effects.append(EffectRow(effect, sessionStart: start))
      }
    }
    // The new actions, then the effects (which reference their actions).
    try await insert(newActions, session: sessionID)
    try await copy(snapshots, into: "snapshot", columns: ["session_id", "idx", "state"]) {
      snapshot, row in
      row.add(sessionID)
      row.add(snapshot.index)
      row.add(snapshot.state)
    }
    let inserted = try await insertNew(effects, session: sessionID)
    result.storedEffects += inserted.count
    let again = effects.filter { !inserted.contains($0.id) }
    let storedEffects =
      if let low = again.map(\.id).min(), let high = again.map(\.id).max() {
        try await storedEffectRows(session: sessionID, in: low...high)
      } else {
        [Int: EffectRow]()
      }
    for row in again {
      switch try await storeAgain(row, stored: storedEffects[row.id], session: sessionID) {
      case .stored: result.storedEffects += 1
      case .alreadyStored: break
      case .different:
        throw refuse("effect #\(row.id) differs from the stored effect #\(row.id)")
      }
    }
    let count = max(storedCount, checker.lastIndex)
    result.actionCount = count
    // An ended session's line states its actions: it is stored as ended once they all are
    // (a finished session may be sent in several batches, each with the same line).
    if endedAt != nil, header.actionCount > 0, count > header.actionCount {
      throw refuse(
        "it has \(count) actions, but its session line says it ended with \(header.actionCount)")
    }
    let ended = storedEnd ?? (count == header.actionCount ? endedAt : nil)
    // As an import: a snapshot at the last action of an ended session.
    if let ended, storedEnd == nil {
      if count % interval != 0 {
        let state = checker.state.serialized()
        try await query(
          """
          INSERT INTO snapshot (session_id, idx, state)
          VALUES (\(sessionID), \(count), \(state)::json)
          """)
      }
      try await query("UPDATE session SET ended_at = \(ended) WHERE id = \(sessionID)")
    }
    if count > storedCount {
      let head = checker.state.serialized()
      try await query(
        """
        UPDATE session SET action_count = \(count), head_state = \(head)::json
        WHERE id = \(sessionID)
        """)
    }
    return result
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
  private func insert(_ rows: [ActionRow], session: Int64) async throws {
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
  private func insertNew(_ rows: [EffectRow], session: Int64) async throws -> Set<Int> {
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

  private enum EffectStorage {
    /// Stored, or the end of an effect stored while it ran.
    case stored
    /// The same effect was stored: nothing changed.
    case alreadyStored
    /// A different effect is stored under its id: nothing changed.
    case different
  }

  /// Stores an effect not stored yet, or the end of one stored while it ran.
  /// Stores an effect whose id the session already has (`stored`): nothing when it is the
  /// stored one, its end when the stored one was running, and a refusal for any other
  /// difference.
  private func storeAgain(
    _ row: EffectRow, stored: EffectRow?, session: Int64
  ) async throws -> EffectStorage {
    if stored == row { return .alreadyStored }
    // A running effect sent again with its end: the same start, now ended.
    var running = row
    running.endedMicros = nil
    running.outcome = nil
    running.error = nil
    running.cancelCause = nil
    running.cancelledBy = nil
    guard let stored, stored.endedMicros == nil, stored == running, row.endedMicros != nil
    else {
      return .different
    }
    try await query(
      """
      UPDATE effect SET ended_us = \(row.endedMicros), outcome = \(row.outcome),
        error = \(row.error), cancel_cause = \(row.cancelCause), cancelled_by = \(row.cancelledBy)
      WHERE session_id = \(session) AND id = \(row.id)
      """)
    return .stored
  }
}
