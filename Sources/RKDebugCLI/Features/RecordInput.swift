/// The actions `rkdebug record` sends.
enum RecordInput: Sendable {
  /// Actions as JSON lines; `source` names where they came from, for messages.
  case lines([ActionLine], source: String)
  /// `count` random actions from a generator seeded with `seed`.
  case random(count: Int, seed: UInt64)
}
