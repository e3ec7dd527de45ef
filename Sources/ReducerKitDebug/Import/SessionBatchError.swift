/// A batch of a session that a store refused, with what was wrong: nothing of it was stored.
public struct SessionBatchError: Error, Equatable, CustomStringConvertible {
  /// The session's uuid.
  public let session: String
  /// What was wrong, naming the action or effect.
  public let problem: String
  /// The actions the store holds, when the batch was refused only for starting past them:
  /// a batch sent before it is still on its way, or was lost. Sent again from the action
  /// after them, it is stored.
  public let gapAfter: Int?

  /// Creates the refusal of a batch of session `session` for `problem`.
  public init(session: String, _ problem: String, gapAfter: Int? = nil) {
    self.session = session
    self.problem = problem
    self.gapAfter = gapAfter
  }

  public var description: String {
    "session \(session): \(problem); nothing of the batch was stored"
  }
}
