import CustomDump
import Foundation
import ReducerKit
import ReducerKitDebug

/// Replays a recorded session through the current reducer and fails the test at the first
/// action after which the state differs from the recorded one.
///
/// Recorded sessions become regression tests: record a session once (from a test, a bug report
/// or `rkdebug record`), keep the file with the tests, and assert that today's reducer still
/// does the same thing.
///
/// ```swift
/// @Test func todosSessionStillReplays() throws {
///   let path = try #require(Bundle.module.path(forResource: "todos", ofType: "sqlite"))
///   assertReplays(path: path, reducer: Todos())
/// }
/// ```
///
/// Effects are not run: the actions they emitted are in the log and are replayed at their own
/// index (see `ReplayEngine`). The values the reducer read from `uuid`, `date`, random numbers
/// and `recordedInput` come from the log, so a session recorded with live values replays
/// exactly; set other dependencies it reads with `withDependencies:`. A divergence is reported
/// as:
///
/// ```
/// Replay of session 1 ("counter") diverged at action 3: …
///
///   Action 3: Counter.Action.increment
///   Sent by: the caller
///
///       Counter.State(
///     −   count: 2,
///     +   count: 3,
///         …
///       )
///
/// (Expected: −, Actual: +)
/// ```
///
/// - Parameters:
///   - log: The log holding the session.
///   - session: The session's id; the newest session when `nil`.
///   - reducer: The current reducer of the session's feature.
///   - prepareDependencies: Sets dependencies the reducer reads that the log does not record.
public func assertReplays<R: Reducer>(
  log: ActionLog,
  session: Int64? = nil,
  reducer: R,
  withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) where R.State: ObservableStateProtocol & Codable, R.Action: Decodable {
  ReplayAssertion.report(
    opening: { log }, cannotOpen: "Cannot open the log to replay", session: session,
    reducer: reducer, prepareDependencies: prepareDependencies,
    at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Replays a session of a ``TestLog`` (after committing what was recorded) through the current
/// reducer and fails the test at the first divergence.
///
/// ```swift
/// let log = try TestLog.inMemory()
/// let store = TestStore(initialState: Counter.State(), reducer: Counter(), recording: log)
/// await store.send(.increment) { $0.count = 1 }
/// assertReplays(log: log, reducer: Counter())
/// ```
public func assertReplays<R: Reducer>(
  log: TestLog,
  session: Int64? = nil,
  reducer: R,
  withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) where R.State: ObservableStateProtocol & Codable, R.Action: Decodable {
  ReplayAssertion.report(
    opening: {
      try log.flush()
      return log.actionLog
    },
    cannotOpen: "The test log could not be committed", session: session, reducer: reducer,
    prepareDependencies: prepareDependencies,
    at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}

/// Replays a session of the log file at `path` (opened read-only) through the current reducer
/// and fails the test at the first divergence.
///
/// ```swift
/// assertReplays(path: fixturePath("search-debounce.sqlite"), reducer: Search())
/// ```
public func assertReplays<R: Reducer>(
  path: String,
  session: Int64? = nil,
  reducer: R,
  withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) where R.State: ObservableStateProtocol & Codable, R.Action: Decodable {
  ReplayAssertion.report(
    opening: { try ActionLog.readOnly(path: path) }, cannotOpen: "Cannot open the log to replay",
    session: session, reducer: reducer, prepareDependencies: prepareDependencies,
    at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
  )
}
