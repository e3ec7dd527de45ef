/// How a replayed state differs from the recorded one at the same index.
public struct StateDifference: Sendable, Equatable {
  /// The index of the two states.
  public var index: Int
  /// The recorded state's JSON.
  public var expected: JSONValue
  /// The replayed state's JSON.
  public var actual: JSONValue
  /// A swift-custom-dump `diff` of the recorded state (`-` lines) against the replayed state
  /// (`+` lines), or, when the recorded JSON no longer decodes as the state type, one line per
  /// JSON Patch operation that turns the recorded JSON into the replayed JSON.
  public var diff: String

  /// Creates a difference.
  public init(index: Int, expected: JSONValue, actual: JSONValue, diff: String) {
    self.index = index
    self.expected = expected
    self.actual = actual
    self.diff = diff
  }
}
