import HTTPTypes

/// A request the inspector cannot answer, with the status and message the client gets.
public struct InspectorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The HTTP status: 400 for a bad parameter, 404 for something that does not exist.
  public var status: HTTPResponse.Status
  /// What was wrong, for the person reading the page or the API's client.
  public var message: String

  public init(status: HTTPResponse.Status, _ message: String) {
    self.status = status
    self.message = message
  }

  /// A parameter the request got wrong (400).
  public static func badRequest(_ message: String) -> Self { Self(status: .badRequest, message) }
  /// Something the request names that the log does not have (404).
  public static func notFound(_ message: String) -> Self { Self(status: .notFound, message) }

  public var description: String { message }
}
