import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import ReducerKitDebug

/// rkdebug's end of a running app's live link (ReducerKitLive's `LiveDebugLink`): a WebSocket
/// client that sends one ``LiveRequest`` at a time and reads its ``LiveAnswer``.
package final class LiveLinkClient: @unchecked Sendable {
  // `@unchecked`: one request at a time (``send(_:)`` is called by one task).
  private var inbound: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
  private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
  private var nextID = 1
  /// The address attached to.
  package let url: String

  private enum Upgrade: Sendable {
    case webSocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
    case refused(NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>)
  }

  private init(
    url: String, inbound: NIOAsyncChannelInboundStream<WebSocketFrame>,
    outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
  ) {
    self.url = url
    self.inbound = inbound.makeAsyncIterator()
    self.outbound = outbound
  }

  /// Attaches to the link at `url` (`ws://HOST:PORT/PATH`) with `token`, runs `body` with the
  /// client, and detaches: the app then returns to its present state.
  package static func attach<T>(
    to url: String, token: String, _ body: (LiveLinkClient) async throws -> T
  ) async throws -> T {
    let channel = try await connect(to: url, token: token)
    return try await channel.executeThenClose { inbound, outbound in
      let client = LiveLinkClient(url: url, inbound: inbound, outbound: outbound)
      do {
        // The app answers a debugger without its token only with why.
        let greeting = try await client.send(LiveRequest(op: .status))
        guard greeting.ok else {
          throw LiveLinkClientError.refused(
            url: url, status: "", message: greeting.error ?? "no reason given")
        }
        let result = try await body(client)
        await client.close()
        return result
      } catch {
        await client.close()
        throw error
      }
    }
  }

  private static func connect(
    to url: String, token: String
  ) async throws -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
    let address = try LiveLinkAddress(url)
    let upgrade: EventLoopFuture<Upgrade>
    do {
      upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .connectTimeout(.seconds(10))
        .connect(host: address.host, port: address.port) { channel in
          channel.eventLoop.makeCompletedFuture {
            let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
              maxFrameSize: 1 << 30,
              upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                  .webSocket(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
              })
            var headers = HTTPHeaders()
            headers.add(name: "Host", value: address.hostHeader)
            headers.add(name: "Authorization", value: "Bearer \(token)")
            headers.add(name: "Content-Length", value: "0")
            let head = HTTPRequestHead(
              version: .http1_1, method: .GET, uri: address.path, headers: headers)
            let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
              upgradeRequestHead: head, upgraders: [upgrader],
              notUpgradingCompletionHandler: { channel in
                channel.eventLoop.makeCompletedFuture {
                  .refused(try NIOAsyncChannel(wrappingChannelSynchronously: channel))
                }
              })
            return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
              configuration: .init(upgradeConfiguration: configuration))
          }
        }
    } catch {
      throw LiveLinkClientError.unreachable(url: url, reason: "\(error)")
    }
    switch try await upgrade.get() {
    case let .webSocket(channel):
      return channel
    case let .refused(channel):
      throw await refusal(of: channel, url: url)
    }
  }

  /// The error of an app that did not upgrade the connection: its status and message.
  private static func refusal(
    of channel: NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>, url: String
  ) async -> LiveLinkClientError {
    var status = "no answer"
    var body = ""
    do {
      try await channel.executeThenClose { inbound, _ in
        for try await part in inbound {
          switch part {
          case let .head(head): status = "HTTP \(head.status.code)"
          case let .body(buffer): body += String(buffer: buffer)
          case .end: return
          }
        }
      }
    } catch {}
    let message = Self.message(inErrorBody: body)
    return .refused(url: url, status: status, message: message)
  }

  /// The message of Hummingbird's JSON error body, or the body itself.
  private static func message(inErrorBody body: String) -> String {
    if case let .object(fields)? = try? JSONValue(parsing: body),
      case let .object(error)? = fields["error"], let message = error["message"]?.stringValue
    {
      return message
    }
    return body.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Sends `request` (numbered here) and waits for its answer.
  package func send(_ request: LiveRequest) async throws -> LiveAnswer {
    var request = request
    request.id = nextID
    nextID += 1
    try await sendText(request.text)
    let text = try await receiveText()
    do {
      return try LiveAnswer(text: text)
    } catch {
      throw LiveLinkClientError.badAnswer(String(text.prefix(200)))
    }
  }

  /// Sends a text message as it is: how tests send what no request would be.
  package func sendText(_ text: String) async throws {
    do {
      try await outbound.write(
        WebSocketFrame(
          fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text)))
    } catch {
      // The app may have closed the link over this very message: its close frame says why.
      do {
        _ = try await receiveText()
      } catch let closed as LiveLinkClientError {
        throw closed
      }
      throw LiveLinkClientError.closed(url: url, reason: "\(error)")
    }
  }

  /// The next text message, answering pings on the way.
  package func receiveText() async throws -> String {
    var message = ByteBuffer()
    while true {
      let frame: WebSocketFrame?
      do {
        frame = try await inbound.next()
      } catch {
        throw LiveLinkClientError.closed(url: url, reason: "\(error)")
      }
      guard let frame else {
        throw LiveLinkClientError.closed(url: url, reason: "the app closed the link")
      }
      switch frame.opcode {
      case .ping:
        try? await outbound.write(
          WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.data))
      case .connectionClose:
        var data = frame.unmaskedData
        let code = data.readWebSocketErrorCode()
        let reason = data.readString(length: data.readableBytes) ?? ""
        // The app refuses a debugger without its token with its answer, then this close;
        // whichever the client reads first says the same.
        if code == .policyViolation {
          throw LiveLinkClientError.refused(
            url: url, status: "", message: reason.isEmpty ? "no reason given" : reason)
        }
        throw LiveLinkClientError.closed(
          url: url, reason: Self.describe(code) + (reason.isEmpty ? "" : ": \(reason)"))
      case .text, .continuation, .binary:
        var data = frame.unmaskedData
        message.writeBuffer(&data)
        if frame.fin { return String(buffer: message) }
      default:
        continue
      }
    }
  }

  /// Says goodbye: a close frame with code 1000.
  private func close() async {
    try? await outbound.write(
      WebSocketFrame(
        fin: true, opcode: .connectionClose, maskKey: .random(),
        data: ByteBuffer(bytes: [0x03, 0xE8])))
  }

  private static func describe(_ code: WebSocketErrorCode?) -> String {
    switch code {
    case .messageTooLarge?:
      "the app refused a message larger than \(LiveRequest.maximumBytes >> 20) MiB"
    case .protocolError?: "the app closed the link: the message broke the WebSocket protocol"
    case .normalClosure?, .goingAway?: "the app closed the link"
    case let code?: "the app closed the link (\(code))"
    case nil: "the app closed the link"
    }
  }
}

/// Why the live link could not be used.
package enum LiveLinkClientError: Error, CustomStringConvertible {
  case badURL(String)
  case unreachable(url: String, reason: String)
  case refused(url: String, status: String, message: String)
  case closed(url: String, reason: String)
  case badAnswer(String)

  package var description: String {
    switch self {
    case let .badURL(url):
      "'\(url)' is not a live link's address; give the ws://HOST:PORT/live the app printed"
    case let .unreachable(url, reason):
      "cannot reach the app at \(url) (\(reason)); is it running with its live link open?"
    case let .refused(url, status, message):
      "the app at \(url) refused to attach" + (status.isEmpty ? "" : " (\(status))")
        + (message.isEmpty ? "" : ": \(message)")
    case let .closed(url, reason):
      "the link to \(url) ended: \(reason)"
    case let .badAnswer(text):
      "the app answered something that is not a live link's answer: \(text)"
    }
  }
}

/// A `ws://HOST:PORT/PATH` address.
struct LiveLinkAddress {
  var host: String
  var port: Int
  var path: String

  var hostHeader: String {
    (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
  }

  init(_ url: String) throws {
    guard let components = URLComponents(string: url), components.scheme == "ws",
      let host = components.host, !host.isEmpty, let port = components.port,
      (1...65535).contains(port)
    else { throw LiveLinkClientError.badURL(url) }
    self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
    self.port = port
    self.path = components.percentEncodedPath.isEmpty ? "/live" : components.percentEncodedPath
  }
}
