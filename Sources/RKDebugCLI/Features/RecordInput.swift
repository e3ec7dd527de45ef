/// The actions `rkdebug record` sends.
enum RecordInput: Sendable {
  /// Actions as JSON Lines in the file at `path`; `source` names where they came from, for
  /// messages (standard input is first copied to a temporary file).
  case actionsFile(path: String, source: String)
  /// `count` random actions from a generator seeded with `seed`.
  case random(count: Int, seed: UInt64)
}
