public import Hummingbird
public import HummingbirdCore
public import Logging
public import NIOCore
import NIOHTTP1
import NIOPosix
public import ServiceLifecycle

/// A Hummingbird server as a `Service`, without the timer `Application` runs beside it.
///
/// `Application.run` starts a service that formats the `Date` header once a second. It wakes
/// the process every second, and its loop goes through swift-async-algorithms' `merge`, which
/// can deadlock or crash on Swift 6.0–6.3 (apple/swift-async-algorithms#430). Here each
/// response gets its `Date` when it is sent, and an idle server does nothing.
public struct HTTPServerService<Responder: HTTPResponder>: Service
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
  let responder: Responder
  let server: HTTPServerBuilder
  let address: BindAddress
  let logger: Logger
  let onServerRunning: @Sendable (any Channel) async -> Void

  /// A server answering with `router`'s routes on `address`; `onServerRunning` gets the
  /// listening channel (its `localAddress` holds the port bound).
  public init<Builder: HTTPResponderBuilder>(
    router: Builder, server: HTTPServerBuilder = .http1(), address: BindAddress,
    logger: Logger, onServerRunning: @escaping @Sendable (any Channel) async -> Void
  ) where Builder.Responder == Responder {
    self.responder = router.buildResponder()
    self.server = server
    self.address = address
    self.logger = logger
    self.onServerRunning = onServerRunning
  }

  /// Listens until cancelled or shut down gracefully by the `ServiceGroup` it runs in.
  public func run() async throws {
    let responder = responder
    let logger = logger
    let service = try server.buildServer(
      configuration: ServerConfiguration(address: address, serverName: nil),
      eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
      logger: logger
    ) { request, writer, channel in
      let context = Responder.Context(source: .init(channel: channel, logger: logger))
      var response: Response
      do {
        response = try await responder.respond(to: request, context: context)
      } catch let error as HTTPParserError {
        throw error
      } catch {
        logger.debug("unanswered error", metadata: ["error": "\(error)"])
        response = Response(status: .internalServerError)
      }
      response.headers[.date] = HTTPDate.now
      do {
        try await writer.write(response: response.head, body: response.body)
      } catch is HTTPParserError {
        // Hummingbird answers a parser error with a 400, which would follow this response;
        // any other error ends the connection instead.
        throw MalformedRequestWhileResponding()
      }
    } onServerRunning: { channel in
      await onServerRunning(channel)
    }
    try await service.run()
  }

  /// Runs the server in a `ServiceGroup` that shuts it down gracefully on SIGINT or SIGTERM.
  public func runUntilSignalled() async throws {
    let group = ServiceGroup(
      configuration: .init(
        services: [self], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await group.run()
  }
}

/// A request turned out malformed (its body, say) while its response was being written.
struct MalformedRequestWhileResponding: Error {}
