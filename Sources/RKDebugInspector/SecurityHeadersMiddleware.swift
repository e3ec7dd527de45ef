import Hummingbird

/// Answers only GET (and, for `ui --attach`, JSON POSTs of the page to `/api/live`), and gives
/// every response headers that keep the page to its own scripts and styles: a
/// Content-Security-Policy, no MIME sniffing, no referrer and no caching.
///
/// No `Access-Control-*` header is ever sent, so pages of other origins cannot read answers.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The policy: the page's own script and style, fetches to itself, nothing else.
  static var contentSecurityPolicy: String {
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
      + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
  }

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    var response: Response
    if request.method == .post && request.uri.path == "/api/live" {
      // The live controls of `ui --attach`: a page of another origin cannot send JSON
      // without a preflight this server never answers, nor name this origin.
      let origin = request.headers[.origin]
      let host = request.head.authority ?? ""
      let isJSON = request.headers[.contentType]?.lowercased()
        .hasPrefix("application/json") == true
      if !isJSON {
        response = InspectorResponse.error(
          InspectorError(
            status: .unsupportedMediaType,
            "a live request is JSON: Content-Type: application/json"))
      } else if let origin, origin != "http://\(host)" {
        response = InspectorResponse.error(
          InspectorError(status: .forbidden, "live requests come from the inspector's own page"))
      } else {
        do {
          response = try await next(request, context)
        } catch is HTTPError {
          response = InspectorResponse.error(
            InspectorError(
              status: .methodNotAllowed,
              "the inspector is read-only: only GET (live controls need ui --attach)"))
          response.headers[.allow] = "GET"
        }
      }
    } else if request.method == .get {
      do {
        response = try await next(request, context)
      } catch let error as HTTPError {
        // The router's own answers (a path no route matches) get the headers too.
        response = InspectorResponse.error(
          InspectorError(
            status: error.status,
            error.status == .notFound
              ? "no such page; the inspector is at / and its API under /api/ (docs/ui-api.md)"
              : error.body ?? error.status.reasonPhrase))
      }
    } else {
      response = InspectorResponse.error(
        InspectorError(status: .methodNotAllowed, "the inspector is read-only: only GET"))
      response.headers[.allow] = "GET"
    }
    response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
    response.headers[.xContentTypeOptions] = "nosniff"
    response.headers[.init("Referrer-Policy")!] = "no-referrer"
    response.headers[.cacheControl] = "no-store"
    response.headers[.init("X-Frame-Options")!] = "DENY"
    return response
  }
}
