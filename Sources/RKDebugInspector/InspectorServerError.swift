/// The inspector could not listen on the address it was given.
public struct InspectorServerError: Error, Sendable, CustomStringConvertible {
  /// The host and port asked for.
  public var host: String
  public var port: Int
  /// What the system said.
  public var reason: String

  public var description: String {
    let advice =
      reason.contains("in use")
      ? "; pick another with --port, or --port 0 for a free one" : ""
    return "cannot listen on \(host):\(port): \(reason)\(advice)"
  }
}
