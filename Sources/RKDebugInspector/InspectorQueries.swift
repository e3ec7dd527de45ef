import ReducerKitDebug

/// The questions the inspector's JSON API asks of a log, one method per endpoint.
///
/// The server parses and checks the request; an implementation answers from the log, with
/// JSON as docs/ui-api.md describes. `rkdebug ui` answers with its registered features, so
/// this target needs nothing but the log's types.
public protocol InspectorQueries: Sendable {
  /// Every session of the log (`GET /api/sessions`).
  func sessions() throws -> JSONValue
  /// One session's metadata (`GET /api/sessions/ID`).
  func session(_ id: Int64) throws -> JSONValue
  /// `count` actions from index `from`; with `filter`, the matches ranked `from`… among the
  /// actions whose label contains `filter` (`GET /api/sessions/ID/actions`).
  func actions(session: Int64, from: Int, count: Int, filter: String?) throws -> JSONValue
  /// One action with its dump, changes, patch and the effects it started.
  func action(session: Int64, index: Int) throws -> JSONValue
  /// The state at index `at` (0 is the initial state).
  func state(session: Int64, at: Int) throws -> JSONValue
  /// The value at a Swift-style `path` in the state at `at`.
  func value(session: Int64, at: Int, path: String) throws -> JSONValue
  /// The first `limit` actions that changed the value at `path`, with old and new values.
  func history(session: Int64, path: String, limit: Int) throws -> JSONValue
  /// The difference between the states at `from` and `to`.
  func diff(session: Int64, from: Int, to: Int) throws -> JSONValue
  /// The effects started by the actions `from…to`, with the actions each emitted.
  func effects(session: Int64, from: Int, to: Int) throws -> JSONValue
  /// The navigation at index `at`: the stacks of screens and what is presented over them.
  func navigation(session: Int64, at: Int) throws -> JSONValue
  /// The pushes, pops, presentations and dismissals along the whole session.
  func navigationTimeline(session: Int64) throws -> JSONValue
  /// The session replayed through the registered feature's current reducer.
  func replay(session: Int64) throws -> JSONValue
}
