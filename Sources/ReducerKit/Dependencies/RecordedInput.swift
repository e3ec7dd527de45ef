/// Reads a nondeterministic value through rkdebug's recorder: while a recorded reducer runs,
/// the value `live` returns is logged with the action; while a session is replayed, the logged
/// value is returned instead of calling `live`; anywhere else it is `live()`.
///
/// `uuid`, `date` and `withRandomNumberGenerator` go through it already. Opt a dependency of
/// your own in when a reducer calls it synchronously and its result is `Codable`:
///
/// ```swift
/// extension FeatureFlags: DependencyKey {
///   static let liveValue = FeatureFlags(
///     isEnabled: { flag in recordedInput("featureFlags.isEnabled") { remote.isEnabled(flag) } }
///   )
/// }
/// ```
///
/// - Parameters:
///   - name: Names the dependency in the log and in replay divergences.
///   - live: Computes the value when nothing is replayed.
/// - Returns: The live value, or the recorded one during a replay.
public func recordedInput<Value: Codable & Sendable>(
  _ name: String, _ live: () -> Value
) -> Value {
  guard let tape = RecordedInputTapeContext.current else { return live() }
  return tape.value(named: name, live: live)
}

/// Where ``recordedInput(_:_:)`` sends values: the recorder's log of an action's reads, or a
/// replay's queue of them. Bound only while one action is reduced, so effects, which run
/// later, read their dependencies directly.
package protocol RecordedInputTape: AnyObject, Sendable {
  /// The value of one read: `live()` while recording (and logged), the logged one on replay.
  func value<Value: Codable & Sendable>(named name: String, live: () -> Value) -> Value
}

extension RecordedInputTape {
  /// Runs `body` with this tape receiving the reads of ``recordedInput(_:_:)``.
  package func bind<Result>(_ body: () throws -> Result) rethrows -> Result {
    try RecordedInputTapeContext.$current.withValue(self, operation: body)
  }
}

/// The task-local behind ``RecordedInputTape/current``.
enum RecordedInputTapeContext {
  @TaskLocal static var current: (any RecordedInputTape)?
}
