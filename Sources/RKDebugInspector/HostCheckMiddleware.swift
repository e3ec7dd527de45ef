import HTTPTypes
import Hummingbird

/// Refuses a request whose `Host` names anything but the address the server listens on, so
/// a web page on another site cannot reach it by rebinding its DNS name to 127.0.0.1; and,
/// before that, a request that could name two hosts: two `Host` fields, or a URL for a target.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
  let allowedHosts: AllowedHosts

  /// The field ``RequestTargetCheck`` sets on a request whose target is not a path.
  private static var refusedTarget: HTTPField.Name {
    HTTPField.Name(RequestTargetCheck.refusalField)!
  }

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // HTTP types carry HTTP/1.1's first `Host` field as the request's authority and leave
    // any other among the header fields: a request with two is ambiguous (RFC 9112 §3.2).
    guard !request.headers.contains(where: { $0.name.canonicalName == "host" }) else {
      return InspectorResponse.error(.badRequest("the request has more than one Host header"))
    }
    guard !request.headers.contains(where: { $0.name == Self.refusedTarget }) else {
      return InspectorResponse.error(
        .badRequest("the request target must be a path such as /api/sessions, not a URL"))
    }
    guard let host = request.head.authority, allowedHosts.allows(host) else {
      return InspectorResponse.error(
        InspectorError(
          status: .misdirectedRequest,
          "this server answers only requests for \(allowedHosts.primary)"))
    }
    return try await next(request, context)
  }
}
