import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 channel with ``RequestTargetCheck`` ahead of its conversion to HTTP
/// types, which is the last place a request's target is seen as it was sent.
struct InspectorHTTP1Channel: HTTPChannelHandler {
  typealias Value = HTTP1Channel.Value

  let base: HTTP1Channel
  var responder: Responder { base.responder }

  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    base.setup(channel: channel, logger: logger).flatMapThrowing { value in
      let operations = channel.pipeline.syncOperations
      let codec = try operations.handler(type: HTTP1ToHTTPServerCodec.self)
      try operations.addHandler(RequestTargetCheck(), position: .before(codec))
      return value
    }
  }

  func handle(value: Value, logger: Logger) async {
    await base.handle(value: value, logger: logger)
  }

  /// The server builder of this channel.
  static var server: HTTPServerBuilder {
    HTTPServerBuilder { responder in
      InspectorHTTP1Channel(base: HTTP1Channel(responder: responder))
    }
  }
}
