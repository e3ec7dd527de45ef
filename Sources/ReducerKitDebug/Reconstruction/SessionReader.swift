import Foundation
import GRDB

/// Reads one recorded session: its actions and effects, and the state at any index.
///
/// ```swift
/// let reader = try ActionLog.readOnly(path: "rkdebug.sqlite").reader()
/// let json = try reader.stateJSON(at: 42)            // the state after action 42
/// let state = try reader.state(Todos.State.self, at: 42)
/// ```
///
/// The state at index N is rebuilt from the nearest full-state snapshot, before or after N,
/// by applying the patches forwards or their old values backwards. The last state rebuilt is
/// kept, so stepping to N ± 1 costs one patch.
public final class SessionReader {
  /// The session being read.
  public let session: LoggedSession
  let log: ActionLog
  private var cached: (index: Int, state: JSONValue)?
  private var hasRecordedInputs: Bool?
  /// The session's `started_at` as stored: the times of its rows count microseconds from it.
  private var storedStart: Double?
  /// The paths of the patches read, parsed once each.
  private var pointers = JSONPointerCache()
  /// The JSON and label of the action texts read, by `action_text` id: a session repeats a
  /// few texts, so each is read and copied once rather than per action.
  private var texts: [Int64: (json: String, label: String)] = [:]

  /// The most rows of actions, patches or effects that one read of this reader returned: what
  /// a walk holds in memory at once. Tests check with it that a command streams a session.
  public private(set) var largestRead = 0

  init(log: ActionLog, session: LoggedSession) {
    self.log = log
    self.session = session
  }

  /// The number of actions in the session; valid indices are `0...actionCount`.
  public var actionCount: Int { session.actionCount }

  // MARK: - Actions and effects

  /// The action at `index` (1-based).
  public func action(at index: Int) throws -> LoggedAction {
    try checkAction(index)
    guard let action = try actions(in: index...index).first else {
      throw LogError.corrupt("action \(index) of session \(session.id) is missing")
    }
    return action
  }

  /// The actions with indices in `range`, clamped to the session, in order.
  ///
  /// Without `patches`, each action's ``LoggedAction/patch`` is left empty: for a listing
  /// that shows no change, as parsing the patches is most of the cost of a read.
  public func actions(
    in range: ClosedRange<Int>? = nil, patches: Bool = true
  ) throws -> [LoggedAction] {
    var cache = PatchTextCache()
    return try actions(in: range, patches: patches, cache: &cache)
  }

  /// ``actions(in:patches:)`` for one chunk of a walk, whose patch texts `cache` keeps.
  private func actions(
    in range: ClosedRange<Int>?, patches: Bool, cache: inout PatchTextCache
  ) throws -> [LoggedAction] {
    let range = range ?? 1...max(1, actionCount)
    return try fetchActions(
      where: "BETWEEN ? AND ?",
      arguments: [session.id, Int64(range.lowerBound), Int64(range.upperBound)],
      patches: patches, cache: &cache)
  }

  /// The actions whose index satisfies `condition` (SQL following `idx `), in index order,
  /// with their patches parsed from the stored compact operations.
  ///
  /// Without `patches`, each action's ``LoggedAction/patch`` is left empty, unread.
  ///
  /// With `keeps`, only the actions with an operation whose kind and `path` or `from` it
  /// reads are returned, each with those operations alone.
  private func fetchActions(
    where condition: String, arguments: [Int64], patches: Bool = true,
    keeping keeps: (JSONPatchOperation.Filter)? = nil, cache: inout PatchTextCache
  ) throws -> [LoggedAction] {
    let startedAt = try sessionStart()
    let actions = try log.read { db in
      var actions: [LoggedAction] = []
      let statement = try DirectStatement(
        db,
        sql: LoggedAction.compactSelection(ops: patches ? "e.ops" : "'[]'")
          + " WHERE e.session_id = ? AND e.idx \(condition) ORDER BY e.idx")
      var lookup = try ActionTextLookup(db, schemaVersion: log.schemaVersion)
      try statement.forEachRow(db, integers: arguments) { row in
        // The patch first: with `keeps`, an action with no operation kept is not built.
        let patch: [JSONPatchOperation]
        do {
          let ops = row.text(6)
          patch = try cache.operations(of: ops) {
            try [JSONPatchOperation](
              compactText: ops, keeping: keeps ?? { _, _ in .whole }, pointers: &pointers)
          }
        } catch {
          throw LogError.corrupt("the patch of action \(row.int(0)) does not parse: \(error)")
        }
        if keeps != nil, patch.isEmpty { return }
        let text = try text(
          id: row.isNull(1) ? nil : Int64(row.int(1)), of: row.int(0), &lookup, db)
        actions.append(LoggedAction(row: row, text: text, startedAt: startedAt, patch: patch))
      }
      return actions
    }
    largestRead = max(largestRead, actions.count)
    return actions
  }

  /// The JSON and label of the `action_text` row `id`, the texts of action `index`, read with
  /// `lookup` when not read before.
  private func text(
    id: Int64?, of index: Int, _ lookup: inout ActionTextLookup, _ db: Database
  ) throws -> (json: String, label: String) {
    if let id, let text = texts[id] { return text }
    guard let id, let text = try lookup.texts(id: id, db) else {
      throw LogError.corrupt("the text of action \(index) is missing")
    }
    // Bounded: a session of ever new actions (texts typed, rows by id) repeats few of them.
    if texts.count >= 4096 { texts.removeAll(keepingCapacity: true) }
    texts[id] = text
    return text
  }

  /// The session's `started_at` exactly as stored (a `Date` made from it may round it).
  func sessionStart() throws -> Double {
    if let storedStart { return storedStart }
    let start = try log.read { db in
      try Double.fetchOne(
        db, sql: "SELECT started_at FROM session WHERE id = ?", arguments: [session.id]) ?? 0
    }
    storedStart = start
    return start
  }

  /// Every effect of the session, in the order they started.
  public func effects() throws -> [LoggedEffect] {
    try effects(" ORDER BY e.id", arguments: [session.id])
  }

  /// The effects returned by the reducers of the actions with indices in `range`, in the
  /// order they started: the effects of one chunk of a walk (``forEachChunk(in:chunkSize:_:)``).
  ///
  /// The `effect` table has no index on `action_idx`. A recording numbers effects in the
  /// order of their actions, so their ids are found by a binary search on the primary key and
  /// read in one range; a session whose ids are in another order (an edited import) is
  /// scanned instead.
  public func effects(ofActionsIn range: ClosedRange<Int>) throws -> [LoggedEffect] {
    let ordered = try effectsAreInActionOrder()
    let start = try sessionStart()
    let effects = try log.read { db -> [LoggedEffect] in
      guard ordered else {
        return try Row.fetchAll(
          db,
          sql: """
            \(LoggedEffect.selection(schemaVersion: log.schemaVersion))
            WHERE e.session_id = ? AND e.action_idx BETWEEN ? AND ? ORDER BY e.id
            """,
          arguments: [session.id, range.lowerBound, range.upperBound]
        ).map { try LoggedEffect(row: $0, sessionStart: start) }
      }
      // The first id whose effect belongs to an action at or after the range's start.
      let probe = try db.makeStatement(
        sql: """
          SELECT id, action_idx FROM effect WHERE session_id = ? AND id >= ? ORDER BY id LIMIT 1
          """
      )
      // Two queries: SQLite reads min() or max() alone from the key, but both in one query
      // through a scan of the session's effects.
      guard
        var low = try Int.fetchOne(
          db, sql: "SELECT min(id) FROM effect WHERE session_id = ?", arguments: [session.id]),
        let last = try Int.fetchOne(
          db, sql: "SELECT max(id) FROM effect WHERE session_id = ?", arguments: [session.id])
      else { return [] }
      var high = last + 1
      while low < high {
        let middle = low + (high - low) / 2
        guard let row = try Row.fetchOne(probe, arguments: [session.id, middle]) else {
          high = middle
          continue
        }
        let (id, actionIndex): (Int, Int) = (row[0], row[1])
        if actionIndex >= range.lowerBound { high = middle } else { low = id + 1 }
      }
      var effects: [LoggedEffect] = []
      let rows = try Row.fetchCursor(
        db,
        sql: """
          \(LoggedEffect.selection(schemaVersion: log.schemaVersion)) WHERE e.session_id = ? AND e.id >= ? ORDER BY e.id
          """,
        arguments: [session.id, low])
      while let row = try rows.next() {
        let effect = try LoggedEffect(row: row, sessionStart: start)
        guard effect.actionIndex <= range.upperBound else { break }
        effects.append(effect)
      }
      return effects
    }
    largestRead = max(largestRead, effects.count)
    return effects
  }

  /// At most `limit` effects with ids above `id`, in id order: the effects an uploader has not
  /// seen yet (ids are numbered as effects start).
  package func effects(after id: Int, limit: Int) throws -> [LoggedEffect] {
    try effects(
      " AND e.id > ? ORDER BY e.id LIMIT ?", arguments: [session.id, id, max(0, limit)])
  }

  /// The effects with ids in `ids`, in id order: an uploader's effects that were running.
  package func effects(withIDs ids: [Int]) throws -> [LoggedEffect] {
    guard !ids.isEmpty else { return [] }
    let list = ids.map { _ in "?" }.joined(separator: ", ")
    return try effects(
      " AND e.id IN (\(list)) ORDER BY e.id",
      arguments: StatementArguments([session.id] + ids.map(Int64.init)))
  }

  /// The session's effects, `clause` (SQL on `e`, the `effect` table) following
  /// `WHERE e.session_id = ?`; `arguments` start with the session's id.
  private func effects(
    _ clause: String, arguments: StatementArguments
  ) throws -> [LoggedEffect] {
    let start = try sessionStart()
    let effects = try log.read { db in
      try Row.fetchAll(
        db,
        sql: """
          \(LoggedEffect.selection(schemaVersion: log.schemaVersion))
          WHERE e.session_id = ?\(clause)
          """, arguments: arguments
      ).map { try LoggedEffect(row: $0, sessionStart: start) }
    }
    largestRead = max(largestRead, effects.count)
    return effects
  }

  /// Whether the session's effect ids follow the order of the actions that returned them, as
  /// a recording numbers them; checked once per log (``ActionLog/effectOrder``), in one pass
  /// over the effects.
  private func effectsAreInActionOrder() throws -> Bool {
    if let known = log.effectOrder.withLock({ $0[session.id] }) { return known }
    let outOfOrder = try log.read { db in
      try Bool.fetchOne(
        db,
        sql: """
          SELECT EXISTS (
            SELECT 1 FROM (
              SELECT action_idx, lag(action_idx) OVER (ORDER BY id) AS previous
              FROM effect WHERE session_id = ?)
            WHERE action_idx < previous)
          """,
        arguments: [session.id]) ?? false
    }
    log.effectOrder.withLock { $0[session.id] = !outOfOrder }
    return !outOfOrder
  }

  /// The most digits that an action in `range` emitted by an effect has in its effect id and
  /// parent index together (`effect #12 of #345`: 5), or `nil` when the caller sent them all:
  /// the width of `log`'s source column, known before the actions are read.
  public func sourceDigits(in range: ClosedRange<Int>) throws -> Int? {
    try log.read { db in
      try Int.fetchOne(
        db,
        sql: """
          SELECT max(length(effect_id) + length(parent_idx)) FROM action_entry
          WHERE session_id = ? AND idx BETWEEN ? AND ? AND effect_id IS NOT NULL
          """,
        arguments: [session.id, range.lowerBound, range.upperBound])
    }
  }

  /// Whether the session logged the values its reducer read from nondeterministic
  /// dependencies: every recorded session does (index 0 holds its calendar, locale and time
  /// zone); an imported one without them replays with the replaying process's dependencies.
  public func recordsInputs() throws -> Bool {
    if let hasRecordedInputs { return hasRecordedInputs }
    let result = try log.read { db in
      try Bool.fetchOne(
        db, sql: "SELECT EXISTS (SELECT 1 FROM input WHERE session_id = ? AND idx = 0)",
        arguments: [session.id]
      ) == true
    }
    hasRecordedInputs = result
    return result
  }

  /// The values the reducer read from nondeterministic dependencies at `index`, in order (at
  /// index 0: the session's calendar, locale and time zone); empty when it read none.
  public func reads(at index: Int) throws -> [DependencyRead] {
    try reads(in: index...index)[index] ?? []
  }

  /// The reads of the actions with indices in `range` that read anything, by index.
  public func reads(in range: ClosedRange<Int>) throws -> [Int: [DependencyRead]] {
    guard try recordsInputs() else { return [:] }
    let rows = try log.read { db in
      try Row.fetchAll(
        db,
        sql: "SELECT idx, reads FROM input WHERE session_id = ? AND idx BETWEEN ? AND ?",
        arguments: [session.id, range.lowerBound, range.upperBound]
      )
    }
    var reads: [Int: [DependencyRead]] = [:]
    for row in rows {
      let index: Int = row[0]
      reads[index] = try DependencyRead.reads(parsing: row[1], index: index)
    }
    return reads
  }

  /// Decodes the action at `index` as `Action`.
  public func action<Action: Decodable>(_ type: Action.Type, at index: Int) throws -> Action {
    try ActionJSON.decode(Action.self, from: action(at: index).json)
  }

  // MARK: - State

  /// The state JSON at `index`: the initial state at 0, the state after action N at N.
  public func stateJSON(at index: Int) throws -> JSONValue {
    guard (0...actionCount).contains(index) else {
      throw LogError.indexOutOfRange(index: index, actionCount: actionCount)
    }
    if let cached, cached.index == index { return cached.state }
    let snapshots = try nearestSnapshotIndices(to: index)
    var best: (index: Int, state: () throws -> JSONValue)?
    func consider(_ start: Int, _ state: @escaping () throws -> JSONValue) {
      if best == nil || abs(start - index) < abs(best!.index - index) {
        best = (start, state)
      }
    }
    if let cached { consider(cached.index, { cached.state }) }
    // Only the snapshot used is read: a state is tens of kilobytes.
    for snapshot in [snapshots.before, snapshots.after].compactMap({ $0 }) {
      consider(snapshot, { [self] in try JSONValue(parsing: snapshotState(at: snapshot)) })
    }
    guard let best else {
      throw LogError.corrupt("session \(session.id) has no snapshot to rebuild index \(index) from")
    }
    var state = try best.state()
    do {
      if best.index < index {
        for patch in try patches(in: (best.index + 1)...index) {
          try state.apply(patch)
        }
      } else if best.index > index {
        for patch in try patches(in: (index + 1)...best.index).reversed() {
          try state.unapply(patch)
        }
      }
    } catch let error as LogError {
      throw error
    } catch {
      throw LogError.corrupt("the patches of session \(session.id) do not apply: \(error)")
    }
    cached = (index, state)
    return state
  }

  /// Decodes the state at `index` as `State`.
  public func state<State: Decodable>(_ type: State.Type, at index: Int) throws -> State {
    try stateJSON(at: index).decoded(as: State.self)
  }

  /// The actions with the given indices (1-based, each in the session), in index order.
  ///
  /// For commands that find actions by their patches
  /// (``forEachPatch(in:chunkSize:keeping:_:)``) and then show the few they found. Without
  /// `patches`, their patches are left empty (``actions(in:patches:)``).
  public func actions(
    at indices: some Sequence<Int>, patches: Bool = true
  ) throws -> [LoggedAction] {
    let sorted = Set(indices).sorted()
    for index in sorted { try checkAction(index) }
    var actions: [LoggedAction] = []
    actions.reserveCapacity(sorted.count)
    var cache = PatchTextCache()
    var start = sorted.startIndex
    while start < sorted.endIndex {
      let chunk = sorted[start..<min(start + 500, sorted.endIndex)]
      let found = try fetchActions(
        where: "IN (\(chunk.map(String.init).joined(separator: ",")))", arguments: [session.id],
        patches: patches, cache: &cache)
      guard found.count == chunk.count else {
        let missing = Set(chunk).subtracting(found.map(\.index)).min() ?? chunk.first!
        throw LogError.corrupt("action \(missing) of session \(session.id) is missing")
      }
      actions += found
      start = chunk.endIndex
    }
    return actions
  }

  /// Calls `body` with the index and patch of each action in `range` (every action when
  /// `nil`), in order, reading `chunkSize` actions at a time.
  ///
  /// Only the patches are read, not the actions' JSON or labels, and not all at once, so
  /// walking a long session this way is fast and holds little memory. `body` may read the log
  /// (``stateJSON(at:)``, ``actions(at:)``).
  ///
  /// With `keeps`, each patch holds only the operations whose kind and `path` or `from` it
  /// reads, with the values it reads, the others' values not built: for a walk that reads
  /// only some places of the state.
  public func forEachPatch(
    in range: ClosedRange<Int>? = nil, chunkSize: Int = 4096,
    keeping keeps: JSONPatchOperation.Filter = { _, _ in .whole },
    _ body: (_ index: Int, _ patch: [JSONPatchOperation]) throws -> Void
  ) throws {
    var cache = PatchTextCache()
    try forEachChunk(of: range, size: chunkSize) { chunk in
      for (offset, patch) in try patches(in: chunk, keeping: keeps, cache: &cache).enumerated() {
        try body(chunk.lowerBound + offset, patch)
      }
    }
  }

  /// Calls `body` with each action in `range` (every action when `nil`), in order, reading
  /// `chunkSize` actions at a time: ``actions(in:)`` for a session too long to hold whole.
  public func forEachAction(
    in range: ClosedRange<Int>? = nil, chunkSize: Int = 4096,
    _ body: (LoggedAction) throws -> Void
  ) throws {
    try forEachChunk(in: range, chunkSize: chunkSize) { actions in
      for action in actions { try body(action) }
    }
  }

  /// Calls `body` with the actions in `range` (every action when `nil`), in order, at most
  /// `chunkSize` at a time: for a walk that reads something else per chunk, such as
  /// ``effects(ofActionsIn:)``. Without `patches`, the actions' patches are left empty
  /// (``actions(in:patches:)``).
  public func forEachChunk(
    in range: ClosedRange<Int>? = nil, chunkSize: Int = 4096, patches: Bool = true,
    _ body: ([LoggedAction]) throws -> Void
  ) throws {
    var cache = PatchTextCache()
    try forEachChunk(of: range, size: chunkSize) { chunk in
      try body(try actions(in: chunk, patches: patches, cache: &cache))
    }
  }

  /// Calls `body` with the actions in `range` (every action when `nil`) that have an operation
  /// whose kind and `path` or `from` `keeps` reads, each with those operations alone, in
  /// order, reading `chunkSize` actions at a time.
  ///
  /// For a walk that follows some places of the state (`rkdebug history`): the other actions
  /// are not built, nor the values of the other operations.
  public func forEachChunk(
    in range: ClosedRange<Int>? = nil, chunkSize: Int = 4096,
    keeping keeps: JSONPatchOperation.Filter, _ body: ([LoggedAction]) throws -> Void
  ) throws {
    var cache = PatchTextCache()
    try withoutActuallyEscaping(keeps) { keeps in
      try forEachChunk(of: range, size: chunkSize) { chunk in
        let actions = try fetchActions(
          where: "BETWEEN ? AND ?",
          arguments: [session.id, Int64(chunk.lowerBound), Int64(chunk.upperBound)],
          keeping: keeps, cache: &cache)
        if !actions.isEmpty { try body(actions) }
      }
    }
  }

  /// One action of a walk over rows (``forEachRow(in:_:)``): its fields, and its patch as
  /// the log stores it, to be written without building its operations
  /// (``appendPatchJSON(of:to:)``). Valid only during the call that gives it.
  public struct ActionRow {
    /// The action's index.
    public let index: Int
    /// The id of the `action_text` row of the action's JSON and label.
    public let textID: Int64?
    /// Who sent the action.
    public let source: ActionSource
    /// When the action was sent.
    public let time: Date
    /// How long the reducer took, in nanoseconds.
    public let durationNanos: Int64
    /// The UTF-8 text of the `ops` column, valid during the call.
    fileprivate let ops: UnsafeBufferPointer<UInt8>
    /// Where the texts are read from, only when asked: a walk that met the text before
    /// (``textID``) reads nothing.
    fileprivate let texts: RowTexts

    /// The stored patch text (`ops`), copied.
    public var opsText: String { String(decoding: ops, as: UTF8.self) }

    /// The action's `Codable` JSON.
    public func json() throws -> String {
      try texts.reader.text(id: textID, of: index, &texts.lookup, texts.db).json
    }

    /// Calls `body` with the UTF-8 of the action's JSON and custom-dump label, valid during
    /// the call.
    public func withTexts<Result>(
      _ body: (_ json: UnsafeBufferPointer<UInt8>, _ label: UnsafeBufferPointer<UInt8>) throws ->
        Result
    ) throws -> Result {
      guard let textID, let result = try texts.lookup.withTexts(id: textID, texts.db, body)
      else { throw LogError.corrupt("the text of action \(index) is missing") }
      return result
    }
  }

  /// The action texts of one walk over rows, read on demand.
  fileprivate final class RowTexts {
    let reader: SessionReader
    let db: Database
    var lookup: ActionTextLookup

    init(reader: SessionReader, db: Database, lookup: ActionTextLookup) {
      self.reader = reader
      self.db = db
      self.lookup = lookup
    }
  }

  /// Calls `body` with each action in `range`, in order, as a row read in place: for a walk
  /// that writes each action out (`rkdebug export`) and needs no ``LoggedAction``.
  ///
  /// `body` runs while the rows are read, so it must not read the log itself.
  public func forEachRow(in range: ClosedRange<Int>, _ body: (ActionRow) throws -> Void) throws {
    try passingErrors(of: body) { try readRows(in: range, $0) }
  }

  /// One action of a listing (``forEachListedAction(in:_:)``): its index, its source and its
  /// label read in place. Valid only during the call that gives it.
  public struct ListedAction {
    /// The action's index.
    public let index: Int
    /// Who sent the action.
    public let source: ActionSource
    /// The UTF-8 bytes of the action's custom-dump label, valid during the call.
    public let label: UnsafeBufferPointer<UInt8>
  }

  /// Calls `body` with the index, source and label of each action in `range`, in order, read
  /// in place in one query: for a listing (`rkdebug log`), which needs neither the actions'
  /// JSON nor their patches, nor a `String` per action.
  ///
  /// `body` runs while the rows are read, so it must not read the log itself.
  public func forEachListedAction(
    in range: ClosedRange<Int>, _ body: (ListedAction) throws -> Void
  ) throws {
    let templates = log.schemaVersion >= 8 ? "t.template_id, t.args" : "NULL, NULL"
    let sql = """
      SELECT e.idx, e.effect_id, e.parent_idx, t.label, \(templates)
      FROM action_entry AS e LEFT JOIN action_text AS t ON t.id = e.text_id
      WHERE e.session_id = ? AND e.idx BETWEEN ? AND ? ORDER BY e.idx
      """
    try passingErrors(of: body) { body in
      try log.read { db in
        var lookup = try ActionTextLookup(db, schemaVersion: log.schemaVersion)
        var filled: [UInt8] = []
        try DirectStatement(db, sql: sql).forEachRow(
          db, integers: [session.id, Int64(range.lowerBound), Int64(range.upperBound)]
        ) { row in
          let index = row.int(0)
          let source = ActionSource(effectID: row.optionalInt(1), parentIndex: row.optionalInt(2))
          if !row.isNull(3) {
            try body(ListedAction(index: index, source: source, label: row.text(3)))
          } else if !row.isNull(4), !row.isNull(5),
            try lookup.label(
              template: Int64(row.int(4)), arguments: row.text(5), into: &filled, db)
          {
            try filled.withUnsafeBufferPointer { label in
              try body(ListedAction(index: index, source: source, label: label))
            }
          } else {
            throw LogError.corrupt("the text of action \(index) is missing")
          }
        }
      }
    }
  }

  /// Runs `read`, which calls `body` with each row it reads. An error of `body` (a closed
  /// pipe, say) is thrown as it is, not as a failure of the read.
  private func passingErrors<Row>(
    of body: (Row) throws -> Void, _ read: ((Row) throws -> Void) throws -> Void
  ) throws {
    var count = 0
    var failure: (any Error)?
    do {
      // Swift forbids handing a closure that calls one non-escaping parameter to another.
      try withoutActuallyEscaping(body) { body in
        try read { row in
          count += 1
          do {
            try body(row)
          } catch {
            failure = error
            throw error
          }
        }
      }
    } catch {
      throw failure ?? error
    }
    largestRead = max(largestRead, count)
  }

  private func readRows(
    in range: ClosedRange<Int>, _ body: (ActionRow) throws -> Void
  ) throws {
    try log.read { db in
      let startedAt =
        try Double.fetchOne(
          db, sql: "SELECT started_at FROM session WHERE id = ?", arguments: [session.id]) ?? 0
      let statement = try DirectStatement(
        db,
        sql: LoggedAction.compactSelection + " WHERE e.session_id = ? AND e.idx "
          + "BETWEEN ? AND ? ORDER BY e.idx")
      let texts = RowTexts(
        reader: self, db: db, lookup: try ActionTextLookup(db, schemaVersion: log.schemaVersion))
      try statement.forEachRow(
        db, integers: [session.id, Int64(range.lowerBound), Int64(range.upperBound)]
      ) { row in
        try body(
          ActionRow(
            index: row.int(0), textID: row.isNull(1) ? nil : Int64(row.int(1)),
            source: ActionSource(effectID: row.optionalInt(2), parentIndex: row.optionalInt(3)),
            // As ``LoggedAction`` reads it, so that times stay byte-identical.
            time: Date(timeIntervalSince1970: startedAt + Double(row.int(4)) / 1_000_000.0),
            durationNanos: Int64(row.int(5)), ops: row.text(6), texts: texts))
      }
    }
  }

  /// Appends to `bytes` the patch of `row` as an RFC 6902 JSON array, byte for byte
  /// `patch.serializedJSONValue()`: written from the stored text where it can be, without
  /// building the operations.
  public func appendPatchJSON(of row: ActionRow, to bytes: inout [UInt8]) throws {
    var writer = JSONValue.Writer(appendingTo: [])
    swap(&writer.bytes, &bytes)
    defer { swap(&writer.bytes, &bytes) }
    var parser = JSONValue.Parser(input: row.ops)
    guard !parser.writeRFC6902(to: &writer, pointers: &pointers) else { return }
    let patch: [JSONPatchOperation]
    do {
      patch = try [JSONPatchOperation](compactText: row.ops, pointers: &pointers)
    } catch {
      throw LogError.corrupt("the patch of action \(row.index) does not parse: \(error)")
    }
    patch.writeJSONValue(to: &writer)
  }

  /// Calls `body` with consecutive ranges of at most `chunkSize` indices covering `range`
  /// (every action when `nil`): the chunks of a walk that reads per chunk what it needs.
  public func forEachRange(
    in range: ClosedRange<Int>? = nil, chunkSize: Int = 4096,
    _ body: (ClosedRange<Int>) throws -> Void
  ) throws {
    try forEachChunk(of: range, size: chunkSize, body)
  }

  /// Calls `body` with consecutive ranges of at most `size` indices covering `range` (every
  /// action when `nil`); throws when `range` is not within the session.
  private func forEachChunk(
    of range: ClosedRange<Int>?, size: Int, _ body: (ClosedRange<Int>) throws -> Void
  ) throws {
    guard actionCount > 0 else { return }
    let range = range ?? 1...actionCount
    guard range.lowerBound >= 1, range.upperBound <= actionCount else {
      throw LogError.indexOutOfRange(
        index: range.lowerBound < 1 ? range.lowerBound : range.upperBound,
        actionCount: actionCount)
    }
    var start = range.lowerBound
    while start <= range.upperBound {
      let end = min(range.upperBound, start + max(1, size) - 1)
      try body(start...end)
      start = end + 1
    }
  }

  /// The patches of the actions with indices in `range`, in order: all a reconstruction reads.
  ///
  /// They come straight from `action_entry.ops`, without the actions' texts, whose pages a
  /// seek would otherwise read too.
  func patches(in range: ClosedRange<Int>) throws -> [[JSONPatchOperation]] {
    var cache = PatchTextCache()
    return try patches(in: range, keeping: { _, _ in .whole }, cache: &cache)
  }

  /// The patches of the actions with indices in `range`, each with the operations `keeps`
  /// reads, the texts met before in the walk taken from `cache`.
  private func patches(
    in range: ClosedRange<Int>, keeping keeps: JSONPatchOperation.Filter,
    cache: inout PatchTextCache
  ) throws -> [[JSONPatchOperation]] {
    let sql = """
      SELECT idx, ops FROM action_entry WHERE session_id = ? AND idx BETWEEN ? AND ?
      ORDER BY idx
      """
    let result = try log.read { db in
      var patches: [[JSONPatchOperation]] = []
      patches.reserveCapacity(range.count)
      var expected = range.lowerBound
      var missing = false
      try DirectStatement(db, sql: sql).forEachRow(
        db, integers: [session.id, Int64(range.lowerBound), Int64(range.upperBound)]
      ) { row in
        let index = row.int(0)
        guard !missing, index == expected else {
          missing = true
          return
        }
        do {
          let ops = row.text(1)
          patches.append(
            try cache.operations(of: ops) {
              try [JSONPatchOperation](compactText: ops, keeping: keeps, pointers: &pointers)
            })
        } catch {
          throw LogError.corrupt("the patch of action \(index) does not parse: \(error)")
        }
        expected += 1
      }
      guard expected > range.upperBound else {
        throw LogError.corrupt("action \(expected) of session \(session.id) is missing")
      }
      return patches
    }
    largestRead = max(largestRead, result.count)
    return result
  }

  /// The patches of the actions with indices in `range` as the log stores them, the text of
  /// their compact form, in order: for a scan that parses them elsewhere (the collector's
  /// `find --all-sessions`, on NIO's thread pool).
  package func patchTexts(in range: ClosedRange<Int>) throws -> [(index: Int, ops: String)] {
    let sql = """
      SELECT idx, ops FROM action_entry WHERE session_id = ? AND idx BETWEEN ? AND ?
      ORDER BY idx
      """
    let rows = try log.read { db in
      var rows: [(index: Int, ops: String)] = []
      rows.reserveCapacity(range.count)
      try DirectStatement(db, sql: sql).forEachRow(
        db, integers: [session.id, Int64(range.lowerBound), Int64(range.upperBound)]
      ) { row in
        rows.append((row.int(0), String(decoding: row.text(1), as: UTF8.self)))
      }
      return rows
    }
    largestRead = max(largestRead, rows.count)
    return rows
  }

  /// The indices of the snapshots nearest to `index`, at or before it and at or after it.
  private func nearestSnapshotIndices(to index: Int) throws -> (before: Int?, after: Int?) {
    try log.read { db in
      let before = try Int.fetchOne(
        db,
        sql: """
          SELECT idx FROM snapshot WHERE session_id = ? AND idx <= ?
          ORDER BY idx DESC LIMIT 1
          """,
        arguments: [session.id, index]
      )
      let after = try Int.fetchOne(
        db,
        sql: """
          SELECT idx FROM snapshot WHERE session_id = ? AND idx >= ?
          ORDER BY idx ASC LIMIT 1
          """,
        arguments: [session.id, index]
      )
      return (before, after)
    }
  }

  /// The state JSON text of the snapshot at `index`.
  private func snapshotState(at index: Int) throws -> String {
    let state = try log.read { db in
      try String.fetchOne(
        db, sql: "SELECT state FROM snapshot WHERE session_id = ? AND idx = ?",
        arguments: [session.id, index])
    }
    guard let state else {
      throw LogError.corrupt("the snapshot at \(index) of session \(session.id) is missing")
    }
    return state
  }

  private func checkAction(_ index: Int) throws {
    guard (1...max(1, actionCount)).contains(index), actionCount > 0 else {
      throw LogError.indexOutOfRange(index: index, actionCount: actionCount)
    }
  }
}
