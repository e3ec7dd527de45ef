/// The outcome of ``SessionReplayer/run(to:skipping:progress:)``.
public struct ReplayResult: Sendable {
  /// The session replayed.
  public var sessionID: Int64
  /// The index the run stopped at: the last action replayed (or skipped).
  public var lastIndex: Int
  /// How many actions the run replayed or skipped.
  public var actionCount: Int
  /// The first divergence, if the run found one; the run stops there.
  public var divergence: ReplayDivergence?
  /// The actions skipped, in order.
  public var skipped: [Int]
  /// When actions were skipped: how the final state differs from the recorded state at
  /// ``lastIndex``, or `nil` if it is the same.
  public var finalDifference: StateDifference?
  /// How long the run took.
  public var duration: Duration

  /// Creates a result.
  public init(
    sessionID: Int64, lastIndex: Int, actionCount: Int, divergence: ReplayDivergence?,
    skipped: [Int], finalDifference: StateDifference?, duration: Duration
  ) {
    self.sessionID = sessionID
    self.lastIndex = lastIndex
    self.actionCount = actionCount
    self.divergence = divergence
    self.skipped = skipped
    self.finalDifference = finalDifference
    self.duration = duration
  }
}
