/// A batch the collector refused, with what was wrong; nothing of the batch was stored.
public struct CollectorError: Error, Equatable, CustomStringConvertible {
  /// One line: what was wrong, naming the session and the action or effect.
  public let description: String

  init(_ description: String) {
    self.description = description
  }
}
