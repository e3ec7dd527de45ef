import Foundation

/// A batch of a session checked against what a store holds of it: the rows the store adds.
/// The one copy of the rules of ingest, for a log (``ActionLog/appendBatch(_:items:)``) and
/// for the collector's PostgreSQL store.
///
/// A batch is what `rkdebug export` writes, read: the session line (`header`) and the records
/// of some actions (`items`), from any action on. One that starts at an action already
/// stored resends it; one that starts after the last stored action would leave a gap.
///
/// - An action already stored must be the same as the stored one, and stores nothing again;
///   an effect already stored likewise, but an effect stored while running gets its end.
/// - Every new action must come next (no gap, no reordering), and its patch must apply to
///   the state the stored actions end in with honest old values: the checks of
///   `rkdebug import` (``SessionImport/Checker``).
/// - The session line must agree with the stored session (types, fingerprints, start,
///   initial state…). A session whose line says it ended is stored as ended once the actions
///   it counts (`actionCount`) are all stored; an ended session takes no new action.
package struct SessionBatch {
  /// What a store holds of the session before the batch.
  package struct Stored {
    /// The session line it was stored from (its initial state and metadata included).
    package var header: SessionImport
    /// Actions 1 through this index are stored.
    package var actionCount: Int
    /// The session's end, once stored as ended (Unix seconds).
    package var endedAt: Double?
    /// The state after the last stored action.
    package var headState: JSONValue
    /// The stored actions the batch sends again, by index: those of ``resentRange(of:after:)``.
    package var resentActions: [Int: StoredAction]

    package init(
      header: SessionImport, actionCount: Int, endedAt: Double?, headState: JSONValue,
      resentActions: [Int: StoredAction]
    ) {
      self.header = header
      self.actionCount = actionCount
      self.endedAt = endedAt
      self.headState = headState
      self.resentActions = resentActions
    }
  }

  /// The actions to store, in index order, with the records they come from.
  package private(set) var newActions: [(action: LoggedAction, row: StoredAction)] = []
  /// The snapshots to store: at every ``snapshotInterval``-th new action, and at the last
  /// action of a session the batch ends (as an import makes them).
  package private(set) var snapshots: [(index: Int, state: String)] = []
  /// The batch's effects, each to store unless its id is stored (``StoredEffect/resending(over:)``).
  package private(set) var effects: [(effect: LoggedEffect, row: StoredEffect)] = []
  /// The session's end to store, when this batch ends it (Unix seconds).
  package private(set) var ends: Double?
  /// The state after the session's last action once the batch is stored.
  package private(set) var headState: JSONValue
  /// What the batch does; a store adds the effects it stores to ``SessionBatchResult/storedEffects``.
  package private(set) var result: SessionBatchResult
  /// The session's snapshot interval, at least 1.
  package let snapshotInterval: Int

  /// Checks `items` of the session `header` describes against `stored` (`nil` when no store
  /// holds the session yet) and plans what to store.
  ///
  /// - Throws: ``SessionBatchError`` naming the first problem.
  package init(_ header: SessionImport, items: [SessionImport.Item], stored: Stored?) throws {
    let uuid = header.uuid
    func refuse(_ problem: String) -> SessionBatchError {
      SessionBatchError(session: uuid, problem)
    }
    let interval = max(1, header.snapshotInterval)
    snapshotInterval = interval
    let start = header.startedAt.timeIntervalSince1970
    let endedAt = header.endedAt?.timeIntervalSince1970
    let storedCount = stored?.actionCount ?? 0
    let storedEnd = stored?.endedAt
    if let stored {
      if let difference = stored.header.differenceFromBatch(header) {
        throw refuse("the session line differs from the stored session: \(difference)")
      }
      if let storedEnd, let endedAt, storedEnd != endedAt {
        throw refuse("it ended at \(endedAt), but the stored session ended at \(storedEnd)")
      }
    }
    var checker =
      stored.map { SessionImport.Checker(state: $0.headState, after: $0.actionCount) }
      ?? SessionImport.Checker(initialState: header.initialState)
    result = SessionBatchResult(
      storedActions: 0, skippedActions: 0, storedEffects: 0, actionCount: storedCount)
    // A batch whose first new action is not the next one: the store holds it until the
    // batches before it arrive, or answers how far it got.
    let firstNew = items.lazy.compactMap { item -> Int? in
      guard case .action(let action, _) = item, action.index > storedCount else { return nil }
      return action.index
    }.first
    if storedEnd == nil, let firstNew, firstNew > storedCount + 1 {
      throw SessionBatchError(
        session: uuid,
        "action \(firstNew) comes after a gap: the store holds \(storedCount) actions of the "
          + "session; send from action \(storedCount + 1)",
        gapAfter: storedCount)
    }
    var effectIDs = Set<Int>()
    for item in items {
      switch item {
      case .action(let action, let reads):
        let row = try StoredAction(action, reads: reads, sessionStart: start)
        if action.index >= 1, action.index <= storedCount {
          guard stored?.resentActions[action.index] == row else {
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
        newActions.append((action, row))
        if action.index % interval == 0 {
          snapshots.append((action.index, checker.state.serialized()))
        }
        result.storedActions += 1
      case .effect(let effect):
        do {
          try checker.check(effect)
          guard effectIDs.insert(effect.id).inserted else {
            throw SessionImport.Checker.duplicate(effect)
          }
        } catch let LogError.corrupt(problem) {
          throw refuse(problem)
        }
        effects.append((effect, StoredEffect(effect, sessionStart: start)))
      }
    }
    let count = max(storedCount, checker.lastIndex)
    result.actionCount = count
    headState = checker.state
    // An ended session's line states its actions: it is stored as ended once they all are
    // (a finished session may be sent in several batches, each with the same line).
    if endedAt != nil, header.actionCount > 0, count > header.actionCount {
      throw refuse(
        "it has \(count) actions, but its session line says it ended with \(header.actionCount)")
    }
    if storedEnd == nil, let endedAt, count == header.actionCount {
      ends = endedAt
      // As an import: a snapshot at the last action of an ended session.
      if count % interval != 0 { snapshots.append((count, checker.state.serialized())) }
    }
  }

  /// The stored actions that `items` sends again, as one range (`nil` for none), when the
  /// store holds actions 1 through `storedCount`: the rows ``Stored/resentActions`` holds.
  package static func resentRange(
    of items: [SessionImport.Item], after storedCount: Int
  ) -> ClosedRange<Int>? {
    guard storedCount > 0 else { return nil }
    let resent = items.lazy.compactMap { item -> Int? in
      guard case .action(let action, _) = item, (1...storedCount).contains(action.index)
      else { return nil }
      return action.index
    }
    guard let low = resent.min(), let high = resent.max() else { return nil }
    return low...high
  }

  /// Adds `count` effects a store stored (new, or the end of a running one) to the result.
  package mutating func noteStoredEffects(_ count: Int) {
    result.storedEffects += count
  }
}

extension SessionImport {
  /// How the session line of a batch differs from the stored session, or `nil` when it
  /// agrees: everything but the end (a running session ends later) and the counts.
  package func differenceFromBatch(_ batch: SessionImport) -> String? {
    let fields: [(String, String, String)] = [
      ("feature", self.feature, batch.feature),
      ("stateType", self.stateType, batch.stateType),
      ("actionType", self.actionType, batch.actionType),
      ("stateFingerprint", self.stateFingerprint, batch.stateFingerprint),
      ("actionFingerprint", self.actionFingerprint, batch.actionFingerprint),
      ("snapshotInterval", String(self.snapshotInterval), String(max(1, batch.snapshotInterval))),
      ("durability", self.durability, batch.durability),
      (
        "startedAt", "\(self.startedAt.timeIntervalSince1970)",
        "\(batch.startedAt.timeIntervalSince1970)"
      ),
      ("metadata", metadata.serialized(), batch.metadata.serialized()),
      ("initialState", initialState.serialized(), batch.initialState.serialized()),
    ]
    for (name, stored, sent) in fields where stored != sent {
      // A state or metadata object may be long: its name says enough.
      return ["metadata", "initialState"].contains(name)
        ? "its \(name) differs" : "\(name) is \(sent), not \(stored)"
    }
    return nil
  }
}
