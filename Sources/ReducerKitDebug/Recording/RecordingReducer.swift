import Foundation
import ReducerKit

extension Reducer where State: ObservableStateProtocol & Codable, Action: Codable {
  /// Records every action this reducer receives into `log`: the action, where it came from,
  /// the state patch it caused, and the life of every effect it started.
  ///
  /// ```swift
  /// let log = try ActionLog(path: "rkdebug.sqlite")
  /// let store = Store<Todos>(
  ///   initialState: Todos.State(),
  ///   reducer: Todos().recording(to: log, feature: "todos")
  /// )
  /// ```
  ///
  /// Each call starts a new session, created in the log when the first action arrives (the
  /// state before it is the session's initial state). Effects are observed, not re-run:
  /// recording does not change what the feature does.
  ///
  /// - Parameters:
  ///   - log: The log to record into.
  ///   - feature: The name the session is listed under; `rkdebug` replays sessions whose
  ///     feature name is registered. Defaults to the reducer's type name.
  ///   - snapshotInterval: A full-state snapshot is written every this many actions, bounding
  ///     the work of reconstructing any index.
  ///   - metadata: What the app says about the session, such as
  ///     `["appVersion": "1.4", "build": "212", "device": "iPhone15,2"]`: stored with the
  ///     session beside the process's `pid` and `host` (its keys win), listed by `rkdebug
  ///     sessions --json`, matched by `rkdebug sessions --metadata build=212` and sent with the
  ///     session to a collector.
  /// - Returns: A reducer with the same state and action that records into `log`.
  public func recording(
    to log: ActionLog, feature: String? = nil, snapshotInterval: Int = 1000,
    metadata: [String: String] = [:]
  ) -> _RecordingReducer<Self> {
    _RecordingReducer(
      base: self,
      session: RecordingSession(
        log: log, feature: feature ?? String(describing: Self.self),
        snapshotInterval: snapshotInterval, metadata: metadata
      )
    )
  }
}

/// The reducer ``Reducer/recording(to:feature:snapshotInterval:metadata:)`` returns.
public struct _RecordingReducer<Base: Reducer>: Reducer
where Base.State: ObservableStateProtocol & Codable, Base.Action: Codable {
  let base: Base
  let session: RecordingSession

  /// The globally unique id of the session this reducer records: the `uuid` of its row in the
  /// log (``LoggedSession/uuid``), which exists once the first action is recorded.
  ///
  /// Several processes may record into one log at once, so the newest session of a log is not
  /// necessarily this one; find this one by its uuid:
  ///
  /// ```swift
  /// let reducer = Counter().recording(to: log)
  /// …
  /// let session = try log.sessions().first { $0.uuid == reducer.sessionUUID.uuidString }
  /// ```
  public var sessionUUID: UUID { session.uuid }

  /// Runs the base reducer and records the action into the session: its JSON, its source, the
  /// wall-clock time it arrived, how long the base reducer took, the change it made to the
  /// state, and the values it read from `uuid`, `date`, `withRandomNumberGenerator` and
  /// dependencies opted in with `recordedInput(_:_:)`. The effects the base reducer returns run
  /// unchanged, observed so the log knows when each starts and ends and which actions it sends.
  ///
  /// When the log cannot be written, recording stops with one runtime warning and the feature
  /// keeps running.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let emitters = EffectContext.emitters
    let wallTime = Date()
    let oldState = state
    let start = DispatchTime.now().uptimeNanoseconds
    // `forEach` notes the rows it runs, so the diff looks at those rows, not at every row.
    let journal = ElementChangeJournal()
    // The nondeterministic dependencies the reducer reads are logged with the action.
    let dependencies = session.dependencies()
    // Shared values the reducer changes are the same in `oldState`: the tracker keeps their
    // values before the change.
    let sharedChanges = SharedChangeTracker(owner: session)
    let sharesBefore = SharedReferenceCount.current
    let effect = session.reads.bind {
      dependencies.yield {
        ElementChangeJournal.withCurrent(journal) {
          sharedChanges.track { base.reduce(into: &state, action: action) }
        }
      }
    }
    let duration = DispatchTime.now().uptimeNanoseconds &- start
    guard
      let index = session.record(
        action: action, oldState: oldState, newState: state, journal: journal,
        sharedChanges: sharedChanges, madeShares: SharedReferenceCount.current != sharesBefore,
        reads: session.reads.take(), wallTime: wallTime,
        durationNanos: duration, emitters: emitters
      )
    else { return effect }
    let session = self.session
    return effect.observingEach { leaf in
      RecordingEffectObserver(session: session, actionIndex: index, leaf: leaf)
    }
  }
}
