/// The actions `rkdebug record` sends.
enum RecordInput: Sendable {
  /// Actions as JSON lines; `source` names where they came from, for messages.
  case lines([ActionLine], source: String)
  /// `count` random actions from a generator seeded with `seed`.
  case random(count: Int, seed: UInt64)
}

extension RecordInput {
  /// How many actions the input sends.
  var count: Int {
    switch self {
    case let .lines(lines, _): lines.count
    case let .random(count, _): count
    }
  }
}
