import Foundation

/// A recorded session to write into a log with ``ActionLog/importSession(_:progress:)``: its
/// metadata, initial state, actions with their patches, and effects.
///
/// `rkdebug import` makes one without actions or effects from the first line of the JSON Lines
/// `rkdebug export` writes, and streams the rest as ``Item``s through
/// ``ActionLog/importSession(_:items:progress:)``. Nothing is recomputed: the patches, labels
/// and times are written as they are, and the snapshots are made by applying the patches to the
/// initial state.
@dynamicMemberLookup
public struct SessionImport: Sendable, Equatable {
  /// One action of the session: the record the log lists.
  public typealias Action = LoggedAction
  /// One effect of the session: the record the log lists.
  public typealias Effect = LoggedEffect

  /// The session as the log it comes from lists it. Its `id`, `actionCount` and `effectCount`
  /// are not imported: the log numbers the session and counts its rows.
  public var session: LoggedSession
  /// The session's metadata object (`pid`, `host`).
  public var metadata: JSONValue
  /// The values the reducers read from nondeterministic dependencies, by action index (the
  /// `input` table); index 0 holds the calendar, locale and time zone of the session.
  public var reads: [Int: [DependencyRead]]
  /// The state before the first action.
  public var initialState: JSONValue
  /// The actions, in index order from 1.
  public var actions: [Action]
  /// The effects.
  public var effects: [Effect]

  /// Creates a session from its logged fields; each parameter sets the field of the same name
  /// of ``session`` or of the import, and `metadata` is an empty object by default.
  ///
  /// Nothing is checked here: ``ActionLog/importSession(_:progress:)`` validates the session
  /// before writing it.
  public init(
    uuid: String, feature: String, stateType: String, actionType: String,
    stateFingerprint: String, actionFingerprint: String, snapshotInterval: Int,
    durability: String, startedAt: Date, endedAt: Date?, metadata: JSONValue = [:],
    reads: [Int: [DependencyRead]] = [:], initialState: JSONValue, actions: [Action],
    effects: [Effect]
  ) {
    session = LoggedSession(
      id: 0, uuid: uuid, feature: feature, stateType: stateType, actionType: actionType,
      stateFingerprint: stateFingerprint, actionFingerprint: actionFingerprint,
      snapshotInterval: snapshotInterval, durability: durability, startedAt: startedAt,
      endedAt: endedAt, actionCount: actions.count, effectCount: effects.count
    )
    self.metadata = metadata
    self.reads = reads
    self.initialState = initialState
    self.actions = actions
    self.effects = effects
  }

  /// One record of a session after its first line, in the order an export lists them: an
  /// action, then the effects its reducer returned.
  public enum Item: Sendable, Equatable {
    /// An action, with the values its reducer read from nondeterministic dependencies.
    case action(Action, reads: [DependencyRead])
    /// An effect.
    case effect(Effect)
  }

  /// The fields of ``session`` as the import's own: `imported.uuid`, `imported.startedAt`.
  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<LoggedSession, Value>) -> Value {
    get { session[keyPath: keyPath] }
    set { session[keyPath: keyPath] = newValue }
  }
}
