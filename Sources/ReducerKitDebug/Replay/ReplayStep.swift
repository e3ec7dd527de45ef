/// One action replayed by a ``ReplayEngine``, and what the engine found.
public struct ReplayStep: Sendable, Equatable {
  /// What replaying one action found.
  public enum Outcome: Sendable, Equatable {
    /// The replayed state is the recorded one.
    case matched
    /// The replayed state differs from the recorded one: the first divergence.
    case diverged(ReplayDivergence)
    /// The action was skipped, as if it had never been sent.
    case skipped
    /// The action was replayed without a check, because an earlier action was skipped or
    /// diverged and the states can no longer be expected to agree.
    case unchecked
  }

  /// The action's index, which is also the index of the state after it.
  public var index: Int
  /// What the engine found.
  public var outcome: Outcome

  /// Creates a step.
  public init(index: Int, outcome: Outcome) {
    self.index = index
    self.outcome = outcome
  }
}
