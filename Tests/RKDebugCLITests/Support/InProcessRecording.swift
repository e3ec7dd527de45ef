import Foundation
import ReducerKit
import ReducerKitDebug

/// Records a session in the test process, for logs the shipped `rkdebug` cannot make: one of
/// an unregistered feature, or of types that changed since.
enum InProcessRecording {
  /// Records `actions` sent to `reducer` into the log at `path` under `feature`, closes the
  /// log and waits until its database connections are gone (SQLite then folds the WAL file
  /// into the log and deletes it), so the file is settled before another process reads it.
  @MainActor
  static func record<R: Reducer>(
    _ reducer: R, initialState: R.State, actions: [R.Action], feature: String, path: String
  ) async throws
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    weak var closedLog: ActionLog?
    try await sendAll(
      actions, to: reducer, initialState: initialState, feature: feature, path: path,
      opened: { closedLog = $0 }
    )
    // The store's runtime is released in an isolated deinit, and the log writer's thread lets
    // go of the database as it exits: both a moment later.
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(5)
    while closedLog != nil || FileManager.default.fileExists(atPath: path + "-wal"),
      clock.now < deadline
    {
      try await Task.sleep(for: .milliseconds(5))
    }
  }

  @MainActor
  private static func sendAll<R: Reducer>(
    _ actions: [R.Action], to reducer: R, initialState: R.State, feature: String,
    path: String, opened: (ActionLog) -> Void
  ) async throws
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    let log = try ActionLog(path: path)
    opened(log)
    let store = Store<R>(
      initialState: initialState, reducer: reducer.recording(to: log, feature: feature)
    )
    for action in actions {
      await store.send(action).finish()
    }
    await store.waitForEffects()
    try log.close()
  }
}
