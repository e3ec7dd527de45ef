import CustomDump
import Foundation
import ReducerKit
import Synchronization

/// The part of a recording session every action and effect goes through: index assignment,
/// effect ids, and the commands it hands to the log writer.
///
/// Everything here runs on the `send` path, so it only finds what changed and queues it;
/// encoding and SQLite happen on the writer's thread.
final class RecordingSession: Sendable {
  let log: ActionLog
  let feature: String
  let snapshotInterval: Int
  /// What the app says about the session (`appVersion`, `build`, `device`, `test`…), stored
  /// in the session's `metadata` beside `pid` and `host`.
  let metadata: [String: String]
  let uuid = UUID()
  let startedAt = Date()
  let key = SessionKey()
  /// The reads of the action being reduced.
  let reads = RecordedReadLog()
  private let routedDependencies = Mutex<DependencyValues.Continuation?>(nil)

  private let state = Mutex(Progress())

  private struct Progress {
    var isStarted = false
    var isBroken = false
    var isEnded = false
    var actionCount = 0
    var lastSnapshotIndex = 0
    var effectCount = 0
    /// Whether the state holds shared values: their JSON is then written at once, since a
    /// shared value may change before the writer's thread would encode it.
    var holdsShared = false
    /// The token of the observer that logs shared changes made outside the reducer, once the
    /// state holds shared values.
    var sharedObserver: Int?
    /// The numbers of the shared values the states hold, for the places the log keeps.
    var shareNumbering = ShareNumbering()
    /// Where the latest state holds shared values, kept from one entry to the next while no
    /// action could have moved them (``StateDiffer/mayMovePlaces(_:of:)``); `nil` until a shared
    /// change needs them, when the state is walked.
    var holdings: [SharedLocator.Holding]?
    /// The latest state, for the final snapshot: a ``LatestState`` of the session's state
    /// type, made by the first action and updated in place by each one after it.
    var latest: (any LatestStateHolder)?
  }

  init(log: ActionLog, feature: String, snapshotInterval: Int, metadata: [String: String] = [:]) {
    self.log = log
    self.feature = feature
    self.snapshotInterval = max(1, snapshotInterval)
    self.metadata = metadata
  }

  deinit {
    if let token = state.withLock({ $0.sharedObserver }) { SharedObservers.remove(token) }
  }

  /// The dependencies the reducer runs with: those in effect at the session's first action,
  /// with `uuid`, `date` and random numbers routed through ``reads``. A store runs every action
  /// with the same dependencies, so they are routed once rather than for every action.
  func dependencies() -> DependencyValues.Continuation {
    routedDependencies.withLock { routed in
      if let routed { return routed }
      let made = DependencyValues.Continuation.current {
        $0.routeNondeterministicInputsThroughTape()
      }
      routed = made
      return made
    }
  }

  /// Records one reduced action: its index, JSON, label, source, timing and patch.
  ///
  /// `madeShares` says whether shares were made while the reducer ran (``SharedReferenceCount``):
  /// one may then hold a place of the state the places kept between actions do not know.
  func record<State: ObservableStateProtocol & Codable, Action: Encodable>(
    action: Action, oldState: State, newState: State, journal: ElementChangeJournal?,
    sharedChanges: SharedChangeTracker? = nil, madeShares: Bool = true, reads: [RecordedRead],
    wallTime: Date, durationNanos: UInt64, emitters: [any EffectObserver]
  ) -> Int? {
    var changes = StateDiffer.changes(from: oldState, to: newState, journal: journal)
    let sharedChanged = sharedChanges?.hasChanges == true
    let source = emitters.lazy.compactMap { $0 as? RecordingEffectObserver }
      .first { $0.session === self }
    return perform { progress, writer in
      var initialStateText: String?
      var sharedPlaces: [[[String]]] = []
      var initialShares: [SharePlaces.Entry] = []
      if !progress.isStarted {
        // One walk of the initial state: whether it holds shares, and where.
        let holdings = SharedLocator.holdings(in: oldState)
        progress.holdings = holdings
        progress.holdsShared = sharedChanged || !holdings.isEmpty
        if progress.holdsShared {
          sharedPlaces = SharedPlaces.groups(of: holdings)
          initialShares = progress.shareNumbering.entries(of: holdings, op: nil)
          // The state before the action, with the shared values it had then.
          let encoder = JSONFragmentEncoder()
          initialStateText =
            try sharedChanges?.reading(.before) { try encoder.string(oldState) }
            ?? encoder.string(oldState)
        }
      }
      if sharedChanged { progress.holdsShared = true }
      var reads = reads
      if progress.holdsShared {
        // The places of the state before the action: those kept, or, for a shared change, a
        // walk of it. They stay the state's after it unless the action may have moved them.
        let known =
          progress.holdings ?? (sharedChanged ? SharedLocator.holdings(in: oldState) : nil)
        let kept = known.flatMap {
          madeShares || StateDiffer.mayMovePlaces(changes, of: $0) ? nil : $0
        }
        if let sharedChanges, sharedChanged, let known {
          changes = StateDiffer.changes(of: known, changedIn: sharedChanges) + changes
        }
        let added = progress.shareNumbering.entries(addedBy: changes)
        // A value holding shares that an operation put in place is a place not kept.
        progress.holdings = added.isEmpty ? kept : nil
        if !added.isEmpty { reads.append(RecordedRead(name: SharePlaces.readName, value: added)) }
        changes = try PendingChange.frozen(changes)
        if progress.sharedObserver == nil {
          progress.sharedObserver = SharedObservers.add { [weak self] change in
            self?.sharedValueDidChange(change)
          }
        }
      } else {
        // Not walked while the state holds no share: one an action puts in it is not known.
        progress.holdings = nil
      }
      if !progress.isStarted {
        progress.isStarted = true
        log.register(self)
        try writer.enqueue(
          SessionCommand(
            key: key,
            session: LoggedSession(
              id: 0, uuid: uuid.uuidString, feature: feature,
              stateType: String(reflecting: State.self),
              actionType: String(reflecting: Action.self),
              stateFingerprint: TypeFingerprint.of(State.self, sample: oldState),
              actionFingerprint: TypeFingerprint.of(Action.self),
              snapshotInterval: snapshotInterval, durability: log.durability.rawValue,
              startedAt: startedAt, endedAt: nil, actionCount: 0, effectCount: 0
            ),
            initialState: oldState, initialStateText: initialStateText,
            environment: SessionEnvironment.current(), sharedPlaces: sharedPlaces,
            shares: initialShares, metadata: metadata
          )
        )
      }
      progress.actionCount += 1
      let index = progress.actionCount
      try writer.enqueue(
        ActionCommand(
          key: key, index: index, action: action,
          effectID: source?.effectID, parentIndex: source?.actionIndex,
          time: wallTime, sessionStart: startedAt, durationNanos: durationNanos,
          changes: changes, reads: reads
        )
      )
      if index % snapshotInterval == 0 {
        try writer.enqueue(
          progress.holdsShared
            ? SnapshotCommand(key: key, index: index, text: try JSONFragmentEncoder().string(newState))
            : SnapshotCommand(key: key, index: index, state: newState)
        )
        progress.lastSnapshotIndex = index
      }
      if let latest = progress.latest {
        // Only `record` makes it, always with this session's `State`: no cast to check.
        let box = unsafeDowncast(latest, to: LatestState<State>.self)
        box.index = index
        box.state = newState
      } else {
        progress.latest = LatestState(index: index, state: newState)
      }
      return index
    }
  }

  /// The number of entries logged so far.
  var entryCount: Int { state.withLock { $0.actionCount } }

  /// Logs what a live debugger did to the app as an entry whose patch takes the state the app
  /// showed from `oldState` to `newState`.
  @discardableResult
  func record<State: ObservableStateProtocol & Codable>(
    control: DebuggerControl, from oldState: State, to newState: State
  ) -> Int? {
    record(
      action: DebuggerControlEntry(control: control), oldState: oldState, newState: newState,
      journal: nil, reads: [RecordedRead(name: DebuggerControl.readName, value: control.json)],
      wallTime: Date(), durationNanos: 0, emitters: []
    )
  }

  /// Logs a shared change made outside the reducer (by an effect's `withLock`, another store or
  /// the storage) as an entry of its own, with the change at every place the state holds the
  /// value; a change the reducer makes is logged with its action.
  private func sharedValueDidChange(_ change: SharedObservers.Change) {
    guard !SharedChangeTracker.isTracking(for: self) else { return }
    let effect = EffectContext.running.lazy.compactMap { $0 as? RecordingEffectObserver }
      .first { $0.session === self }
    let time = Date()
    _ = perform(effectEvent: true) { progress, writer in
      guard let latest = progress.latest else { return nil }
      let (path, changes) = try latest.sharedChanges(change, holdings: &progress.holdings)
      guard let path else { return nil }  // the state does not hold the value
      let origin: SharedChangeEntry.Origin =
        switch (change.origin, effect?.effectID) {
        case (.storage, _): .storage(key: change.storage.keyDescription)
        case let (.mutation, effectID?): .effect(effectID)
        case (.mutation, nil): .outside
        }
      progress.actionCount += 1
      let index = progress.actionCount
      try writer.enqueue(
        ActionCommand(
          key: key, index: index, action: SharedChangeEntry(path: path, origin: origin),
          effectID: effect?.effectID, parentIndex: effect?.actionIndex,
          time: time, sessionStart: startedAt, durationNanos: 0, changes: changes, reads: []
        )
      )
      latest.index = index
      if index % snapshotInterval == 0 {
        try writer.enqueue(latest.snapshot(key: key, text: true))
        progress.lastSnapshotIndex = index
      }
      return index
    }
  }

  /// Assigns an effect its id and queues its start.
  func effectDidStart(_ observer: RecordingEffectObserver) {
    _ = perform(effectEvent: true) { progress, writer in
      progress.effectCount += 1
      observer.effectID = progress.effectCount
      try writer.enqueue(
        EffectStartCommand(
          key: key, effectID: progress.effectCount, actionIndex: observer.actionIndex,
          kind: observer.leaf.kind.rawValue,
          cancelIDs: observer.leaf.cancelIDs, startedAt: Date(), sessionStart: startedAt
        )
      )
      return nil
    }
  }

  /// Queues the end of an effect. A cancellation the store gave a cause for is reported while
  /// the action that caused it is the last one logged, which is logged with it.
  func effectDidComplete(_ observer: RecordingEffectObserver, _ completion: EffectCompletion) {
    guard let effectID = observer.effectID else { return }
    _ = perform(effectEvent: true) { progress, writer in
      try writer.enqueue(
        EffectEndCommand(
          key: key, effectID: effectID, completion: completion,
          lastActionIndex: progress.actionCount, endedAt: Date(), sessionStart: startedAt)
      )
      return nil
    }
  }

  /// Writes the final snapshot and the end time. Called by ``ActionLog/close()``.
  func end(using writer: LogWriter) throws {
    let command = try state.withLock { progress throws -> SessionEndCommand? in
      guard progress.isStarted, !progress.isEnded else { return nil }
      progress.isEnded = true
      if let token = progress.sharedObserver {
        SharedObservers.remove(token)
        progress.sharedObserver = nil
      }
      let snapshot =
        progress.lastSnapshotIndex == progress.actionCount
        ? nil : try progress.latest?.snapshot(key: key, text: progress.holdsShared)
      return SessionEndCommand(key: key, endedAt: Date(), finalSnapshot: snapshot)
    }
    if let command { try writer.enqueue(command) }
  }

  /// Runs `body` under the session's lock with the log's writer. The first failure (the log
  /// was closed, or the disk is full) is reported once as a runtime warning and stops the
  /// recording; the feature itself keeps working.
  ///
  /// Effects that end after the session ended are dropped silently: the session is over. So
  /// are they while the log is closing and has not ended this session yet: a shared value
  /// another store changes then, on another thread, is offered to every session.
  private func perform(
    effectEvent: Bool = false, _ body: (inout Progress, LogWriter) throws -> Int?
  ) -> Int? {
    state.withLock { progress in
      guard !progress.isBroken, !(effectEvent && progress.isEnded) else { return nil }
      do {
        if progress.isEnded { throw LogError.closed }
        let writer: LogWriter
        do {
          writer = try log.writer()
        } catch LogError.closed where effectEvent {
          return nil
        }
        return try body(&progress, writer)
      } catch {
        progress.isBroken = true
        reportIssue(
          """
          Recording of '\(feature)' stopped: \(error). \
          The feature keeps running; later actions are not logged.
          """
        )
        return nil
      }
    }
  }
}

/// Identifies a session between the recorder and the writer thread, which learns the
/// session's row id when it inserts it.
final class SessionKey: @unchecked Sendable {
  // `@unchecked`: `rowID` is written and read only on the log writer's thread.
  var rowID: Int64?
}

/// The latest state of a recording session, for its final snapshot and for the shared changes
/// made between actions.
protocol LatestStateHolder: AnyObject, Sendable {
  /// The index of the last entry logged.
  var index: Int { get set }
  /// The command writing the state as the snapshot at its index, encoded now when `text` (a
  /// state holding shared values) or on the writer's thread.
  func snapshot(key: SessionKey, text: Bool) throws -> SnapshotCommand
  /// The operations that bring every place in the state holding the value `change` changed
  /// from its value before to its value after, and the path of the first place (`nil` when
  /// the state does not hold the value). The state's places are `holdings`, or a walk of it
  /// when `nil`, which is kept there.
  func sharedChanges(
    _ change: SharedObservers.Change, holdings: inout [SharedLocator.Holding]?
  ) throws -> ([String]?, [PendingChange])
}

/// The latest state of a recording session and its index, replaced by each action under the
/// session's lock. A class updated in place, so keeping the latest state allocates nothing per
/// action.
final class LatestState<State: Encodable & Sendable>: LatestStateHolder, @unchecked Sendable {
  // `@unchecked`: read and written only under the session's lock.
  var index: Int
  var state: State

  init(index: Int, state: State) {
    self.index = index
    self.state = state
  }

  func snapshot(key: SessionKey, text: Bool) throws -> SnapshotCommand {
    text
      ? SnapshotCommand(key: key, index: index, text: try JSONFragmentEncoder().string(state))
      : SnapshotCommand(key: key, index: index, state: state)
  }

  func sharedChanges(
    _ change: SharedObservers.Change, holdings: inout [SharedLocator.Holding]?
  ) throws -> ([String]?, [PendingChange]) {
    let tracker = SharedChangeTracker(
      change.storage, changedFrom: change.before, to: change.after, through: change.share)
    let known = holdings ?? SharedLocator.holdings(in: state)
    holdings = known
    let path = known.first { $0.storageID == change.storage.id }?.path
    guard path != nil else { return (nil, []) }
    let changes = StateDiffer.changes(of: known, changedIn: tracker, now: .expected)
    return (path, try PendingChange.frozen(changes))
  }
}
