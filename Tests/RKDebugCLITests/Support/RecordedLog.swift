import Clocks
import Foundation
import ReducerKitSamples
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
    var remaining = actions[...]
    try await record(
      reducer, initialState: initialState, next: { _ in remaining.popFirst() }, feature: feature,
      snapshotInterval: snapshotInterval, end: end)
  }

  /// Records `count` random actions of `sample`, seeded as `rkdebug record --random` seeds
  /// them, sent to `reducer` (the sample, maybe wrapped) with `pace` passing on a test clock
  /// after each action, as for a feature registered with an `actionInterval` (effects still
  /// running at the end are cancelled).
  @MainActor
  func recordRandom<R: Reducer, Sample: RandomActionGenerating>(
    _ reducer: R, actionsOf sample: Sample.Type, initialState: R.State, count: Int,
    seed: UInt64, pace: Duration, feature: String
  ) async throws
  where
    R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable,
    Sample.State == R.State, Sample.Action == R.Action
  {
    var rng = SplitMix64(seed: seed)
    var sent = 0
    try await MainSerialExecutorHold.run {
      try await record(
        reducer, initialState: initialState,
        next: { state in
          defer { sent += 1 }
          return sent < count ? Sample.randomAction(for: state, using: &rng) : nil
        },
        feature: feature, pace: pace)
    }
  }

  @MainActor
  private func record<R: Reducer>(
    _ reducer: R, initialState: R.State, next: (R.State) -> R.Action?, feature: String?,
    snapshotInterval: Int = 1000, end: Bool = true, pace: Duration? = nil
  ) async throws
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    weak var released: ActionLog?
    try await send(
      next, to: reducer, initialState: initialState, feature: feature,
      snapshotInterval: snapshotInterval, end: end, pace: pace, opened: { released = $0 }
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
    _ next: (R.State) -> R.Action?, to reducer: R, initialState: R.State, feature: String?,
    snapshotInterval: Int, end: Bool, pace: Duration?, opened: (ActionLog) -> Void
  ) async throws
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    let log = try ActionLog(path: path, durability: .everyAction)
    opened(log)
    let clock: any Clock<Duration> = pace == nil ? ImmediateClock() : TestClock()
    let store = Store(
      initialState: initialState,
      reducer: reducer.recording(to: log, feature: feature, snapshotInterval: snapshotInterval),
      withDependencies: { $0.useTestValues(clock: clock) }
    )
    while let action = next(store.state) {
      let task = store.send(action)
      if let pace, let clock = clock as? TestClock<Duration> {
        await clock.advance(by: pace)
      } else {
        await task.finish()
      }
    }
    if pace == nil {
      await store.waitForEffects()
    } else {
      await store.cancelEffects()
    }
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
