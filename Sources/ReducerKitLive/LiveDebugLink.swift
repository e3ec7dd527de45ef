import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ReducerKit
import ReducerKitDebug
import ReducerKitHTTP
import ServiceLifecycle
import Synchronization

/// A running app's door for `rkdebug attach` and `rkdebug ui --attach`: a token-guarded
/// WebSocket on a loopback port that serves a ``LiveDebugger`` of the app's recording store
/// (the protocol is in docs/live-link.md).
///
/// ```swift
/// let recording = Counter().recording(to: log, feature: "counter")
/// let store = Store<Counter>(initialState: Counter.State(), reducer: recording)
/// let link = try await LiveDebugLink.open(store: store, recording: recording)
/// print(link.attachCommand)  // rkdebug attach ws://127.0.0.1:52103/live --token 9f…
/// ```
///
/// Nothing changes in the store while no debugger is attached. When the last one leaves, the
/// app returns to its present state and runs the actions held while it was paused.
public final class LiveDebugLink: Sendable {
  /// The address to attach to: `ws://127.0.0.1:PORT/live`.
  public let url: String
  /// The secret a debugger must send (`Authorization: Bearer TOKEN`).
  public let token: String
  private let server: Task<Void, Never>
  private let services: ServiceGroup

  /// The command that attaches to this link.
  public var attachCommand: String { "rkdebug attach \(url) --token \(token)" }

  private init(url: String, token: String, server: Task<Void, Never>, services: ServiceGroup) {
    self.url = url
    self.token = token
    self.server = server
    self.services = services
  }

  /// Opens a link to `store`, whose reducer is (or runs) `recording`.
  ///
  /// - Parameters:
  ///   - host: The address to listen on: loopback unless the app must be reached from
  ///     another machine, which the token then guards alone.
  ///   - port: The port; 0 picks a free one (``url`` says which).
  ///   - token: The secret; a random one when `nil`.
  @MainActor
  public static func open<R: Reducer>(
    store: Store<R>, recording: _RecordingReducer<R>, host: String = "127.0.0.1", port: Int = 0,
    token: String? = nil
  ) async throws -> LiveDebugLink
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable {
    let debugger = LiveDebugger(store: store, recording: recording)
    let attached = AttachedDebuggers(detach: { debugger.detach() })
    return try await open(
      host: host, port: port, token: token ?? randomToken(),
      answer: { debugger.answer($0) }, attached: attached)
  }

  private static func open(
    host: String, port: Int, token: String, answer: @escaping @MainActor (String) -> String,
    attached: AttachedDebuggers
  ) async throws -> LiveDebugLink {
    let router = Router(context: BasicWebSocketRequestContext.self)
    let expected = "Bearer " + token
    router.ws("/live") { request, _ in
      // A web page may reach a loopback port; the link answers only programs.
      request.headers[.origin] == nil ? .upgrade([:]) : .dontUpgrade
    } onUpgrade: { inbound, outbound, context in
      // Refused in the link's own words, which any WebSocket client shows, then closed.
      guard let given = context.request.headers[.authorization], sameSecret(given, expected)
      else {
        let refusal = LiveAnswer(id: nil, ok: false, error: LiveLinkError.tokenNeeded)
        try? await outbound.write(.text(refusal.text))
        // Closed once the client has sent its first message, so that its write does not meet
        // a closed connection before it reads why, or after ten seconds of silence.
        let messages = inbound.messages(maxSize: LiveRequest.maximumBytes)
        _ = try? await withThrowingTaskGroup(of: Void.self) { group in
          group.addTask {
            var iterator = messages.makeAsyncIterator()
            _ = try await iterator.next()
          }
          group.addTask { try await Task.sleep(for: .seconds(10)) }
          try await group.next()
          group.cancelAll()
        }
        try? await outbound.close(.policyViolation, reason: LiveLinkError.tokenNeeded)
        return
      }
      await attached.arrive()
      do {
        for try await message in inbound.messages(maxSize: LiveRequest.maximumBytes) {
          let reply: String
          switch message {
          case let .text(text): reply = await answer(text)
          case .binary:
            reply = LiveAnswer(
              id: nil, ok: false,
              error: "\(LiveDebuggerError.malformed("send requests as text messages"))"
            ).text
          }
          try await outbound.write(.text(reply))
        }
      } catch {}
      await attached.leave()
    }
    var logger = Logger(label: "rkdebug.live")
    logger.logLevel = .warning
    let (listening, listener) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
    let http = HTTPServerService(
      router: Router(),
      server: .http1WebSocketUpgrade(
        webSocketRouter: router,
        configuration: .init(
          ws: .init(maxFrameSize: LiveRequest.maximumBytes, autoPing: .disabled))),
      address: .hostname(host, port: port), logger: logger,
      onServerRunning: { channel in
        listener.yield(.success(channel.localAddress?.port ?? port))
        listener.finish()
      }
    )
    let services = ServiceGroup(
      configuration: .init(services: [http], gracefulShutdownSignals: [], logger: logger))
    let server = Task {
      do {
        try await services.run()
      } catch {
        listener.yield(.failure(error))
      }
      listener.finish()
    }
    for await result in listening {
      guard case let .success(bound) = result else { break }
      let name = URLHost.bracketed(host)
      return LiveDebugLink(
        url: "ws://\(name):\(bound)/live", token: token, server: server, services: services)
    }
    throw LiveLinkError(host: host, port: port)
  }

  /// Stops listening and lets attached debuggers go; the app returns to its present state.
  public func close() async {
    await services.triggerGracefulShutdown()
    // An attached debugger that does not hang up is cut off after a moment.
    let server = self.server
    let cutOff = Task {
      try? await Task.sleep(for: .seconds(2))
      server.cancel()
    }
    await server.value
    cutOff.cancel()
  }

  private static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let word = String(generator.next() as UInt64, radix: 16)
      return String(repeating: "0", count: 16 - word.count) + word
    }.joined()
  }

  /// Compares secrets in a time that does not depend on where they differ.
  private static func sameSecret(_ given: String, _ expected: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(expected.utf8)
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<max(a.count, b.count) {
      difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
    }
    return difference == 0
  }
}

/// Counts the debuggers attached, and returns the app to the present when the last leaves.
@MainActor
final class AttachedDebuggers: Sendable {
  private var count = 0
  private let detach: @MainActor () -> Void

  init(detach: @escaping @MainActor () -> Void) {
    self.detach = detach
  }

  func arrive() { count += 1 }

  func leave() {
    count -= 1
    if count == 0 { detach() }
  }
}

/// The live link could not listen.
public struct LiveLinkError: Error, CustomStringConvertible {
  public let host: String
  public let port: Int

  public var description: String {
    "the live link could not listen on \(host):\(port); is the port taken?"
  }

  /// The answer to a debugger that attached without the link's token.
  static let tokenNeeded =
    "the live link needs its token (Authorization: Bearer TOKEN, as the app printed it)"
}
