import Hummingbird

/// Refuses a request whose `Host` names anything but the address the server listens on, so
/// a web page on another site cannot reach it by rebinding its DNS name to 127.0.0.1.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
  let allowedHosts: AllowedHosts

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    // HTTP types carry HTTP/1.1's `Host` field as the request's authority.
    guard let host = request.head.authority, allowedHosts.allows(host) else {
      return InspectorResponse.error(
        InspectorError(
          status: .misdirectedRequest,
          "this server answers only requests for \(allowedHosts.primary)"))
    }
    return try await next(request, context)
  }
}
