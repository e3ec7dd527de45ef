import Hummingbird
import Logging
import NIOCore
import ReducerKitDebug
import ReducerKitHTTP
import Synchronization

/// The web inspector's HTTP server: the page and its JSON API over one log, read-only.
///
/// It answers only GET, only requests whose `Host` names the address it is bound to, and
/// sends a Content-Security-Policy with every response (docs/ui-api.md).
///
/// ```swift
/// let server = InspectorServer(queries: queries, host: "127.0.0.1", port: 0)
/// try await server.run { url in print(url) }
/// ```
public struct InspectorServer: Sendable {
  let queries: any InspectorQueries
  let host: String
  let port: Int
  let allowedHosts: AllowedHosts
  /// The running app the page's live controls reach (`ui --attach`), if any.
  let live: (any LiveRelay)?

  /// A server over `queries` that will listen on `host`:`port` (0 picks a free port).
  public init(
    queries: any InspectorQueries, host: String = "127.0.0.1", port: Int = 0,
    live: (any LiveRelay)? = nil
  ) {
    self.queries = queries
    self.live = live
    self.host = host
    self.port = port
    allowedHosts = AllowedHosts(boundHost: host)
  }

  /// Whether `host` is a loopback address, which only this machine can reach.
  public static func isLoopback(_ host: String) -> Bool {
    ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
      || host.hasPrefix("127.")
  }

  /// Listens until the task is cancelled or the process gets SIGINT or SIGTERM, calling
  /// `onListening` with the page's URL once it accepts connections.
  ///
  /// - Throws: ``InspectorServerError`` when it cannot listen (a port in use, say).
  public func run(onListening: @escaping @Sendable (String) async -> Void) async throws {
    let listening = Mutex(false)
    do {
      try await serve { url in
        listening.withLock { $0 = true }
        await onListening(url)
      }
    } catch where !listening.withLock({ $0 }) {
      throw InspectorServerError(host: host, port: port, reason: String(describing: error))
    }
  }

  private func serve(onListening: @escaping @Sendable (String) async -> Void) async throws {
    var logger = Logger(label: "rkdebug.ui")
    logger.logLevel = .warning
    let allowedHosts = allowedHosts
    let host = host
    let server = HTTPServerService(
      router: router(), server: InspectorHTTP1Channel.server,
      address: .hostname(host, port: port), logger: logger,
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        allowedHosts.listening(on: port)
        let name = URLHost.bracketed(host)
        await onListening("http://\(name):\(port)/")
      }
    )
    try await server.runUntilSignalled()
  }

  /// The routes: the page at `/`, its script and style, and the JSON API under `/api/`.
  public func router() -> Router<BasicRequestContext> {
    let router = Router()
    router.middlewares.add(SecurityHeadersMiddleware())
    router.middlewares.add(HostCheckMiddleware(allowedHosts: allowedHosts))
    router.get("/") { request, _ in
      do throws(InspectorError) {
        _ = try QueryParameters(request, allowed: ["session", "at", "path", "with"])
      } catch {
        return InspectorResponse.error(error)
      }
      return InspectorResponse.asset(
        InspectorAssets.indexHTML, contentType: "text/html; charset=utf-8")
    }
    router.get("/app.js") { _, _ in
      InspectorResponse.asset(InspectorAssets.appJS, contentType: "text/javascript; charset=utf-8")
    }
    router.get("/app.css") { _, _ in
      InspectorResponse.asset(InspectorAssets.appCSS, contentType: "text/css; charset=utf-8")
    }
    if let live { LiveRoutes(relay: live).add(to: router) }
    let api = APIRoutes(queries: queries)
    api.add(to: router)
    return router
  }
}
