/// A request of the live link (docs/live-link.md): one JSON object a message, answered by one
/// ``LiveAnswer`` with the same `id`.
public struct LiveRequest: Codable, Sendable, Equatable {
  /// What the debugger asks for.
  public enum Operation: String, Codable, Sendable, CaseIterable {
    case status, state, entries, pause, resume, jump, skip, unskip, dispatch, load
  }

  /// Echoed in the answer, so a client can match answers to requests.
  public var id: Int?
  public var op: Operation
  /// The entry of `jump`, `skip` and `unskip`.
  public var index: Int?
  /// The action of `dispatch`, as the feature's `Action` encodes it.
  public var action: JSONValue?
  /// The state of `load`, as the feature's `State` encodes it.
  public var state: JSONValue?
  /// Where the state of `load` comes from (`report.jsonl at 12`), for the log's entry.
  public var source: String?
  /// The entries of `entries` are those after this index (0: from the first).
  public var after: Int?

  /// Creates a request; each parameter sets the property of the same name.
  public init(
    id: Int? = nil, op: Operation, index: Int? = nil, action: JSONValue? = nil,
    state: JSONValue? = nil, source: String? = nil, after: Int? = nil
  ) {
    self.id = id
    self.op = op
    self.index = index
    self.action = action
    self.state = state
    self.source = source
    self.after = after
  }
}

/// The answer to a ``LiveRequest``: the app's status after it, the state when asked (`state`
/// and every control), the entries when asked, or the error that refused it.
public struct LiveAnswer: Codable, Sendable, Equatable {
  public var id: Int?
  /// Whether the request was carried out; when `false`, ``error`` says why and the app is as
  /// it was.
  public var ok: Bool
  public var error: String?
  public var status: LiveStatus?
  public var state: JSONValue?
  public var entries: [LiveEntry]?

  /// Creates an answer; each parameter sets the property of the same name.
  public init(
    id: Int?, ok: Bool, error: String? = nil, status: LiveStatus? = nil, state: JSONValue? = nil,
    entries: [LiveEntry]? = nil
  ) {
    self.id = id
    self.ok = ok
    self.error = error
    self.status = status
    self.state = state
    self.entries = entries
  }
}

/// Where a running app is in time, as an attached debugger sees it.
public struct LiveStatus: Codable, Sendable, Equatable {
  /// The feature the app records.
  public var feature: String
  /// The `uuid` of the session it records (``LoggedSession/uuid``); empty before the first
  /// entry.
  public var session: String
  /// The number of entries logged so far.
  public var entries: Int
  /// Whether the app's actions are held.
  public var paused: Bool
  /// How many actions are held.
  public var heldActions: Int
  /// The entry whose state the app shows while the present waits, if any.
  public var jumpedTo: Int?
  /// The entries the app's state is recomputed without, in order.
  public var skipped: [Int]

  /// Creates a status; each parameter sets the property of the same name.
  public init(
    feature: String, session: String, entries: Int, paused: Bool, heldActions: Int,
    jumpedTo: Int?, skipped: [Int]
  ) {
    self.feature = feature
    self.session = session
    self.entries = entries
    self.paused = paused
    self.heldActions = heldActions
    self.jumpedTo = jumpedTo
    self.skipped = skipped
  }
}

/// One entry of the live session, as `entries` lists it.
public struct LiveEntry: Codable, Sendable, Equatable {
  public var index: Int
  /// The action's label on one line, as `rkdebug log` prints it, or what changed the state
  /// without an action.
  public var label: String
  /// `send`, `effect`, `shared` (a shared value changed outside an action) or `rkdebug`.
  public var kind: String

  /// Creates an entry; each parameter sets the property of the same name.
  public init(index: Int, label: String, kind: String) {
    self.index = index
    self.label = label
    self.kind = kind
  }
}
