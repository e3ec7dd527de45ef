import Foundation

/// A whole recorded session to write into a log with ``ActionLog/importSession(_:progress:)``:
/// its metadata, initial state, actions with their patches, and effects.
///
/// `rkdebug import` makes one from the JSON Lines `rkdebug export` writes. Nothing is
/// recomputed: the patches, labels and times are written as they are, and the snapshots are
/// made by applying the patches to the initial state.
public struct SessionImport: Sendable, Equatable {
  /// One action of the session.
  public struct Action: Sendable, Equatable {
    /// The action's index: 1 is the first action.
    public var index: Int
    /// The action's `Codable` JSON text.
    public var json: String
    /// The action as swift-custom-dump prints it.
    public var label: String
    /// Who sent the action.
    public var source: ActionSource
    /// When the action was sent.
    public var time: Date
    /// How long the reducer took, in nanoseconds.
    public var durationNanos: Int64
    /// The operations (with old values) that turn the state at `index - 1` into the state at
    /// `index`.
    public var patch: [JSONPatchOperation]
    /// The values its reducer read from nondeterministic dependencies, in order.
    public var reads: [DependencyRead]

    /// Creates an action from its logged fields; each parameter sets the property of the same
    /// name.
    public init(
      index: Int, json: String, label: String, source: ActionSource, time: Date,
      durationNanos: Int64, patch: [JSONPatchOperation], reads: [DependencyRead] = []
    ) {
      self.index = index
      self.json = json
      self.label = label
      self.source = source
      self.time = time
      self.durationNanos = durationNanos
      self.patch = patch
      self.reads = reads
    }
  }

  /// One effect of the session.
  public struct Effect: Sendable, Equatable {
    /// The effect's id within its session.
    public var id: Int
    /// The action whose reducer returned it.
    public var actionIndex: Int
    /// `run` or `send`.
    public var kind: String
    /// The cancellation ids it ran under.
    public var cancelIDs: [String]
    /// When it started.
    public var startedAt: Date
    /// When it ended; `nil` if it was still running when the session ended.
    public var endedAt: Date?
    /// How it ended; `nil` if it was still running.
    public var outcome: LoggedEffect.Outcome?
    /// The error's description, for a failed effect.
    public var error: String?

    /// Creates an effect from its logged fields; each parameter sets the property of the same
    /// name.
    public init(
      id: Int, actionIndex: Int, kind: String, cancelIDs: [String], startedAt: Date,
      endedAt: Date?, outcome: LoggedEffect.Outcome?, error: String?
    ) {
      self.id = id
      self.actionIndex = actionIndex
      self.kind = kind
      self.cancelIDs = cancelIDs
      self.startedAt = startedAt
      self.endedAt = endedAt
      self.outcome = outcome
      self.error = error
    }
  }

  /// The session's globally unique id, kept across logs.
  public var uuid: String
  /// The feature name it was recorded under.
  public var feature: String
  /// The state type's full name.
  public var stateType: String
  /// The action type's full name.
  public var actionType: String
  /// The state type's fingerprint when recorded.
  public var stateFingerprint: String
  /// The action type's fingerprint when recorded.
  public var actionFingerprint: String
  /// A full-state snapshot is written every this many actions.
  public var snapshotInterval: Int
  /// `buffered` or `everyAction`.
  public var durability: String
  /// When the session started.
  public var startedAt: Date
  /// When it ended, or `nil` if it never did.
  public var endedAt: Date?
  /// The session's metadata object (`pid`, `host`).
  public var metadata: JSONValue
  /// The calendar, locale and time zone the session recorded (index 0 of the `input` table);
  /// `nil` for a session recorded before inputs were logged.
  public var environment: [DependencyRead]?
  /// The state before the first action.
  public var initialState: JSONValue
  /// The actions, in index order from 1.
  public var actions: [Action]
  /// The effects.
  public var effects: [Effect]

  /// Creates a session from its logged fields; each parameter sets the property of the same
  /// name, and `metadata` is an empty object by default.
  ///
  /// Nothing is checked here: ``ActionLog/importSession(_:progress:)`` validates the session
  /// before writing it.
  public init(
    uuid: String, feature: String, stateType: String, actionType: String,
    stateFingerprint: String, actionFingerprint: String, snapshotInterval: Int,
    durability: String, startedAt: Date, endedAt: Date?, metadata: JSONValue = [:],
    environment: [DependencyRead]? = nil, initialState: JSONValue, actions: [Action],
    effects: [Effect]
  ) {
    self.uuid = uuid
    self.feature = feature
    self.stateType = stateType
    self.actionType = actionType
    self.stateFingerprint = stateFingerprint
    self.actionFingerprint = actionFingerprint
    self.snapshotInterval = snapshotInterval
    self.durability = durability
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.metadata = metadata
    self.environment = environment
    self.initialState = initialState
    self.actions = actions
    self.effects = effects
  }
}
