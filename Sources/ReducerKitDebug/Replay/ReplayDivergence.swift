/// The first action after which the current reducer's state differs from the recorded state.
public struct ReplayDivergence: Sendable, Equatable {
  /// The action's index.
  public var index: Int
  /// The action as it was logged (custom-dump text, possibly several lines).
  public var label: String
  /// Who sent the action.
  public var source: ActionSource
  /// The recorded and replayed states after the action.
  public var difference: StateDifference
  /// How the values the reducer read from nondeterministic dependencies differ from the
  /// recorded ones ("action 12 read `uuid` twice; the recording has one value"); `nil` when
  /// they match.
  public var inputMismatch: String?

  /// Creates a divergence report.
  public init(
    index: Int, label: String, source: ActionSource, difference: StateDifference,
    inputMismatch: String? = nil
  ) {
    self.index = index
    self.label = label
    self.source = source
    self.difference = difference
    self.inputMismatch = inputMismatch
  }
}
