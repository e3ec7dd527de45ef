import Foundation
import PostgresNIO
import ReducerKitDebug

extension CollectorStore {
  // MARK: - Reads

  /// The uuids of the stored sessions, oldest first.
  public func sessionUUIDs() async throws -> [String] {
    try await withConnection { try await $0.sessionUUIDs() }
  }

  /// The stored sessions that `query` keeps, oldest first, numbered by the collector's ids:
  /// what `rkdebug sessions --db URL` lists.
  public func sessions(matching query: SessionQuery) async throws -> [LoggedSession] {
    try await withConnection { try await $0.sessions(matching: query) }
  }

  /// The session `uuid` as stored, whole: what `rkdebug import` (or `pull`) writes into a
  /// local log, which then exports byte for byte as the original did.
  ///
  /// - Throws: ``CollectorError`` when no session has that uuid.
  public func session(uuid: String) async throws -> SessionImport {
    try await withConnection { try await $0.session(uuid: uuid) }
  }

  /// The state the session `id` starts from (its snapshot 0), as JSON text.
  ///
  /// - Throws: ``CollectorError`` when no session has that id.
  public func initialState(ofSession id: Int64) async throws -> String {
    try await withConnection { connection in
      for try await state in try await connection.query(
        "SELECT state::text FROM snapshot WHERE session_id = \(id) AND idx = 0"
      ).decode(String.self) {
        return state
      }
      throw CollectorError("no session \(id)")
    }
  }

  /// Calls `body` with the patches of the session `id`'s actions 1 through `last`, in index
  /// order, `chunkSize` at a time: `(index, ops)`, the patch in the log's compact form. What a
  /// scan of the whole session reads, without the actions' JSON and labels; a connection is
  /// held for a chunk's query only, not while `body` works. `body` returns `false` to stop.
  public func forEachPatchChunk(
    ofSession id: Int64, upTo last: Int, chunkSize: Int = 4096,
    _ body: ([(index: Int, ops: String)]) async throws -> Bool
  ) async throws {
    var start = 0
    while true {
      let after = start
      let chunk = try await withConnection { connection in
        var rows: [(index: Int, ops: String)] = []
        for try await (index, ops) in try await connection.query(
          """
          SELECT idx, ops::text FROM action
          WHERE session_id = \(id) AND idx > \(after) AND idx <= \(last)
          ORDER BY idx LIMIT \(chunkSize)
          """
        ).decode((Int, String).self) {
          rows.append((index, ops))
        }
        return rows
      }
      guard let end = chunk.last, try await body(chunk), chunk.count == chunkSize else { return }
      start = end.index
    }
  }
}

extension CollectorConnection {
  /// See ``CollectorStore/sessionUUIDs()``.
  func sessionUUIDs() async throws -> [String] {
    var uuids: [String] = []
    for try await uuid in try await query("SELECT uuid FROM session ORDER BY id").decode(
      String.self)
    {
      uuids.append(uuid)
    }
    return uuids
  }

  /// See ``CollectorStore/sessions(matching:)``.
  func sessions(matching filter: SessionQuery) async throws -> [LoggedSession] {
    var sql = PostgresQuery.StringInterpolation(literalCapacity: 512, interpolationCount: 8)
    // The metadata filters are matched here, not by `metadata::jsonb` in SQL: one session
    // whose metadata jsonb cannot hold (a "\u0000", stored by a collector before they were
    // refused) would fail the whole query, and every filtered listing with it.
    let metadataColumn = filter.metadata.isEmpty ? "NULL::text" : "s.metadata::text"
    sql.appendLiteral(
      """
      SELECT s.id, s.uuid, s.feature, s.state_type, s.action_type, s.state_fingerprint,
        s.action_fingerprint, s.snapshot_interval, s.durability, s.started_at, s.ended_at,
        s.action_count, (SELECT coalesce(max(e.id), 0) FROM effect AS e WHERE e.session_id = s.id),
        \(metadataColumn)
      FROM session AS s WHERE true
      """)
    if let feature = filter.feature {
      sql.appendLiteral(" AND s.feature = ")
      sql.appendInterpolation(feature)
    }
    if let since = filter.startedSince {
      sql.appendLiteral(" AND s.started_at >= ")
      sql.appendInterpolation(since.timeIntervalSince1970)
    }
    if let before = filter.startedBefore {
      sql.appendLiteral(" AND s.started_at < ")
      sql.appendInterpolation(before.timeIntervalSince1970)
    }
    if let failed = filter.hasFailedEffect {
      sql.appendLiteral(failed ? " AND " : " AND NOT ")
      sql.appendLiteral(
        "EXISTS (SELECT 1 FROM effect AS e WHERE e.session_id = s.id AND e.outcome = 'failed')")
    }
    sql.appendLiteral(" ORDER BY s.id")
    var sessions: [LoggedSession] = []
    for try await
      (
        id, uuid, feature, stateType, actionType, stateFingerprint, actionFingerprint, interval,
        durability, startedAt, endedAt, actionCount, effectCount, metadata
      )
      in try await query(PostgresQuery(stringInterpolation: sql)).decode(
        (
          Int64, String, String, String, String, String, String, Int, String, Double, Double?, Int,
          Int, String?
        ).self)
    {
      if !filter.metadata.isEmpty {
        // As `metadata::jsonb -> key = to_jsonb(value::text)`: each member a string equal to
        // the value. Metadata that does not parse matches no filter.
        guard let members = (try? JSONValue(parsing: metadata ?? ""))?.objectValue,
          filter.metadata.allSatisfy({ members[$0.key] == .string($0.value) })
        else { continue }
      }
      sessions.append(
        LoggedSession(
          id: id, uuid: uuid, feature: feature, stateType: stateType, actionType: actionType,
          stateFingerprint: stateFingerprint, actionFingerprint: actionFingerprint,
          snapshotInterval: interval, durability: durability,
          startedAt: Date(timeIntervalSince1970: startedAt),
          endedAt: endedAt.map(Date.init(timeIntervalSince1970:)), actionCount: actionCount,
          effectCount: effectCount))
    }
    return sessions
  }

  /// See ``CollectorStore/session(uuid:)``.
  func session(uuid: String) async throws -> SessionImport {
    let stored = try await storedSession(uuid: uuid, forUpdate: false)
    var session = stored.header
    let start = session.startedAt.timeIntervalSince1970
    for try await (index, reads) in try await query(
      "SELECT idx, reads::text FROM input WHERE session_id = \(stored.id) AND idx = 0"
    ).decode((Int, String).self) {
      session.reads[index] = DependencyRead.reads(from: try JSONValue(parsing: reads))
    }
    for try await
      (index, json, label, effectID, parentIndex, time, duration, ops, reads)
      in try await query(
        """
        SELECT a.idx, a.json::text, a.label, a.effect_id, a.parent_idx, a.time_us,
          a.duration_ns, a.ops::text, i.reads::text
        FROM action AS a
        LEFT JOIN input AS i ON i.session_id = a.session_id AND i.idx = a.idx
        WHERE a.session_id = \(stored.id) ORDER BY a.idx
        """
      ).decode((Int, String, String, Int?, Int?, Int64, Int64, String, String?).self)
    {
      let row = StoredAction(
        index: index, json: json, label: label, effectID: effectID, parentIndex: parentIndex,
        timeMicros: time, durationNanos: duration, ops: ops, reads: reads)
      let (action, dependencyReads) = try row.action(sessionStart: start)
      session.actions.append(action)
      if !dependencyReads.isEmpty { session.reads[index] = dependencyReads }
    }
    for row in try await effectRows(where: "session_id = \(stored.id)", orderBy: "id") {
      session.effects.append(try row.effect(sessionStart: start))
    }
    session.actionCount = session.actions.count
    session.effectCount = session.effects.count
    return session
  }

  /// A stored session's row: its header (with its initial state; no actions or effects),
  /// how many actions are stored, and the state after the last of them.
  struct StoredSession {
    var id: Int64
    var header: SessionImport
    var actionCount: Int
    var headState: String
  }

  func storedSession(uuid: String, forUpdate: Bool) async throws -> StoredSession {
    let lock = forUpdate ? " FOR UPDATE" : ""
    var found: StoredSession?
    for try await
      (
        id, feature, stateType, actionType, stateFingerprint, actionFingerprint, interval,
        durability, startedAt, endedAt, metadata, count, head, initial
      )
      in try await query(
        """
        SELECT s.id, s.feature, s.state_type, s.action_type, s.state_fingerprint,
          s.action_fingerprint, s.snapshot_interval, s.durability, s.started_at, s.ended_at,
          s.metadata::text, s.action_count, s.head_state::text, z.state::text
        FROM session AS s
        JOIN snapshot AS z ON z.session_id = s.id AND z.idx = 0
        WHERE s.uuid = \(uuid)\(unescaped: lock)
        """
      ).decode(
        (
          Int64, String, String, String, String, String, Int, String, Double, Double?, String,
          Int, String, String
        ).self)
    {
      let header = SessionImport(
        uuid: uuid, feature: feature, stateType: stateType, actionType: actionType,
        stateFingerprint: stateFingerprint, actionFingerprint: actionFingerprint,
        snapshotInterval: interval, durability: durability,
        startedAt: Date(timeIntervalSince1970: startedAt),
        endedAt: endedAt.map(Date.init(timeIntervalSince1970:)),
        metadata: (try? JSONValue(parsing: metadata)) ?? [:],
        initialState: try JSONValue(parsing: initial), actions: [], effects: [])
      found = StoredSession(id: id, header: header, actionCount: count, headState: head)
    }
    guard let found else { throw CollectorError("no session \(uuid) is stored") }
    return found
  }

  /// The stored rows of the actions of `session` in `indices`, by index.
  func storedStoredActions(
    session: Int64, in indices: ClosedRange<Int>
  ) async throws -> [Int: StoredAction] {
    var rows: [Int: StoredAction] = [:]
    for try await (index, json, label, effectID, parentIndex, time, duration, ops, reads)
      in try await query(
        """
        SELECT a.idx, a.json::text, a.label, a.effect_id, a.parent_idx, a.time_us,
          a.duration_ns, a.ops::text, i.reads::text
        FROM action AS a
        LEFT JOIN input AS i ON i.session_id = a.session_id AND i.idx = a.idx
        WHERE a.session_id = \(session) AND a.idx BETWEEN \(indices.lowerBound)
          AND \(indices.upperBound)
        """
      ).decode((Int, String, String, Int?, Int?, Int64, Int64, String, String?).self)
    {
      rows[index] = StoredAction(
        index: index, json: json, label: label, effectID: effectID, parentIndex: parentIndex,
        timeMicros: time, durationNanos: duration, ops: ops, reads: reads)
    }
    return rows
  }

  /// The stored rows of the effects of `session` whose ids are in `ids`, by id.
  func storedStoredEffects(session: Int64, in ids: ClosedRange<Int>) async throws -> [Int:
    StoredEffect]
  {
    let rows = try await effectRows(
      where: "session_id = \(session) AND id BETWEEN \(ids.lowerBound) AND \(ids.upperBound)",
      orderBy: "id")
    return Dictionary(rows.map { ($0.id, $0) }) { first, _ in first }
  }

  /// The effect rows that `condition` selects (SQL of integers this file writes).
  private func effectRows(where condition: String, orderBy: String) async throws -> [StoredEffect] {
    var rows: [StoredEffect] = []
    for try await
      (id, actionIndex, kind, cancelIDs, started, ended, outcome, error, cause, cancelledBy)
      in try await query(
        PostgresQuery(
          unsafeSQL: """
            SELECT id, action_idx, kind, cancel_ids::text, started_us, ended_us, outcome, error,
              cancel_cause, cancelled_by
            FROM effect WHERE \(condition) ORDER BY \(orderBy)
            """)
      ).decode(
        (Int, Int, String, String, Int64, Int64?, String?, String?, String?, Int?).self)
    {
      rows.append(
        StoredEffect(
          id: id, actionIndex: actionIndex, kind: kind, cancelIDs: cancelIDs,
          startedMicros: started, endedMicros: ended, outcome: outcome, error: error,
          cancelCause: cause, cancelledBy: cancelledBy))
    }
    return rows
  }
}
