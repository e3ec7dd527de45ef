/// A collector's answer that sending the same batch again cannot change: a 4xx status, with
/// the collector's message (a refused batch, a token without the push scope).
public struct CollectorRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  /// The HTTP status.
  public var status: Int
  /// The collector's `error` message, or the body's start when it is not JSON.
  public var message: String

  /// Creates a refusal; each parameter sets the property of the same name.
  public init(status: Int, message: String) {
    self.status = status
    self.message = message
  }

  public var description: String { "the collector answered \(status): \(message)" }
}
