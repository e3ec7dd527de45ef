/// A batch of a session that a store refused, with what was wrong: nothing of it was stored.
public struct SessionBatchError: Error, Equatable, CustomStringConvertible {
  /// The session's uuid.
  public let session: String
  /// What was wrong, naming the action or effect.
  public let problem: String

  /// Creates the refusal of a batch of session `session` for `problem`.
  public init(session: String, _ problem: String) {
    self.session = session
    self.problem = problem
  }

  public var description: String {
    "session \(session): \(problem); nothing of the batch was stored"
  }
}
