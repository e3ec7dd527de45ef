/// A collector's answer that sending the same batch again cannot change: a 4xx status, with
/// the collector's message (a refused batch, a token without the push scope).
public struct CollectorRefusal: Error, Equatable, CustomStringConvertible {
  /// The HTTP status.
  public var status: Int
  /// The collector's `error` message, or the body's start when it is not JSON.
  public var message: String

  public var description: String { "the collector answered \(status): \(message)" }
}
