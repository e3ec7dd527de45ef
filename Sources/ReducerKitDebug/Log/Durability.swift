/// How soon a recorded action reaches the log file.
public enum Durability: String, Sendable, Codable, CaseIterable {
  /// Actions are queued and committed by a background writer in batched transactions, with
  /// SQLite's `synchronous = NORMAL`. A crash or `kill -9` of the recording process loses at
  /// most what was not yet committed: the batch being written and the queue behind it, each at
  /// most ``ActionLog/bufferCapacity`` write commands, and in practice the last few
  /// milliseconds. What was committed is always readable and consistent.
  case buffered
  /// `send` returns only once its action, its patch and the effects it started are committed,
  /// with `synchronous = FULL`. Nothing sent is lost to a crash; recording is much slower.
  case everyAction
}
