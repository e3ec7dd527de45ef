import Foundation
import ReducerKitTestSupport
import ReducerKit
import ReducerKitDebug

/// A temporary log file holding sessions recorded with the library, for tests that read it.
///
/// ```swift
/// let log = try await RecordedLog.make { log in
///   try await log.record(Shelf(), initialState: Shelf.State(), actions: [.increment])
/// }
/// let result = try RKDebugProcess.run(["log", "--db", log.path])
/// ```
final class RecordedLog: @unchecked Sendable {
  /// The directory holding the file.
  let directory: TemporaryDirectory
  /// The log file's path.
  let path: String

  /// A log path in a fresh temporary directory; nothing is written until a recording.
  init(name: String = "log.sqlite") throws {
    directory = try TemporaryDirectory()
    path = directory.path(name)
  }

  /// A new log with the sessions `body` records.
  @MainActor
  static func make(_ body: (RecordedLog) async throws -> Void) async throws -> RecordedLog {
    let log = try RecordedLog()
    try await body(log)
    return log
  }

  /// Records one session: sends each action to a `Store` of `reducer` recording into the
  /// log, waiting for its effects, then closes the log (which ends the session).
  ///
  /// - Parameters:
  ///   - reducer: The feature.
  ///   - initialState: The state the session starts from.
  ///   - actions: The actions to send, in order.
  ///   - feature: The name the session is recorded under; `nil` for the recorder's default,
  ///     the reducer's type name, as a user's own recorder or a `TestStore` writes it.
  ///   - snapshotInterval: A full-state snapshot every this many actions.
  ///   - end: Whether to close the log; an open session is left "not ended".
  @MainActor
  func record<R: Reducer>(
    _ reducer: R, initialState: R.State, actions: [R.Action], feature: String? = "shelf",
    snapshotInterval: Int = 1000, end: Bool = true
  ) async throws
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    weak var released: ActionLog?
    try await send(
      actions, to: reducer, initialState: initialState, feature: feature,
      snapshotInterval: snapshotInterval, end: end, opened: { released = $0 }
    )
    guard end else { return }
    // The store's runtime lets go of the log a moment after the store, and the log's
    // connection checkpoints and removes the WAL file when it closes: wait for that, so the
    // file is settled before another process reads it.
    let wal = path + "-wal"
    for _ in 0..<1000 where released != nil || FileManager.default.fileExists(atPath: wal) {
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  @MainActor
  private func send<R: Reducer>(
    _ actions: [R.Action], to reducer: R, initialState: R.State, feature: String?,
    snapshotInterval: Int, end: Bool, opened: (ActionLog) -> Void
  ) async throws
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    let log = try ActionLog(path: path, durability: .everyAction)
    opened(log)
    let store = Store(
      initialState: initialState,
      reducer: reducer.recording(to: log, feature: feature, snapshotInterval: snapshotInterval),
      withDependencies: { $0.useTestValues() }
    )
    for action in actions {
      await store.send(action).finish()
    }
    await store.waitForEffects()
    if end {
      try log.close()
    } else {
      try log.flush()
      Self.unended.append(log)
    }
  }

  /// Logs left open on purpose (a session that never ended), kept alive for the test run.
  @MainActor private static var unended: [ActionLog] = []

  /// The file's bytes and modification date, to check that a command left it untouched.
  func fingerprint() throws -> FileFingerprint {
    try FileFingerprint(path: path)
  }
}
