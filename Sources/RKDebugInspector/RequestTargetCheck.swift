import NIOCore
import NIOHTTP1

/// Marks a request whose target is not a path: the absolute form
/// (`GET http://evil.example/api/sessions`), which the conversion to HTTP types turns into a
/// bare path, keeping only the `Host` header for the authority. It sits before that conversion
/// and sets ``refusalField``, which ``HostCheckMiddleware`` refuses with a 400.
final class RequestTargetCheck: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  /// The header field that says a request's target was refused; one a client sends itself
  /// is removed first (it could only get its own request refused).
  static let refusalField = "RKDebug-Refused-Target"

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case var .head(head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    head.headers.remove(name: Self.refusalField)
    if !head.uri.hasPrefix("/") {
      head.headers.add(name: Self.refusalField, value: "absolute-form")
      head.uri = "/"
    }
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }
}
