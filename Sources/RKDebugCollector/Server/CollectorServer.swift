import Foundation
import Hummingbird
import HummingbirdTLS
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import RKDebugCLI
import RKDebugInspector
import ReducerKitDebug
import ReducerKitHTTP
import Synchronization

/// `rkdebug serve`'s HTTP server: apps and CI push sessions as batches of `rkdebug export`
/// lines, developers list and fetch them (docs/collector.md, "The HTTP API").
///
/// Every route needs `Authorization: Bearer TOKEN` with a token of ``CollectorTokens``: 401
/// without one (or with one not listed), 403 without the route's scope; neither says more.
struct CollectorServer: Sendable {
  /// Where the sessions are kept.
  let store: any CollectorStorage
  let tokens: CollectorTokens
  let host: String
  let port: Int
  /// The largest batch body accepted (a larger one is a 413 and stores nothing).
  let maximumBatchBytes: Int
  /// The certificate and key to serve HTTPS with; plain HTTP when `nil`.
  var tls: CollectorTLS?
  /// How long a batch that starts past a session's stored actions waits for the batches
  /// before it (an uploader sends the next while one is stored) before it is refused with a
  /// 409.
  var gapWait: Duration = .seconds(3)

  /// Listens until SIGINT or SIGTERM, calling `onListening` with the base URL once it accepts
  /// connections.
  func run(onListening: @escaping @Sendable (String) async -> Void) async throws {
    var logger = Logger(label: "rkdebug.serve")
    logger.logLevel = .warning
    let host = host
    let scheme = tls == nil ? "http" : "https"
    let server = HTTPServerService(
      router: router(),
      server: try tls.map { try .tls(.http1(), tlsConfiguration: $0.configuration) } ?? .http1(),
      address: .hostname(host, port: port), logger: logger,
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        let name = URLHost.bracketed(host)
        await onListening("\(scheme)://\(name):\(port)")
      }
    )
    try await server.runUntilSignalled()
  }

  /// The routes, under `/v1/`.
  func router() -> Router<BasicRequestContext> {
    let router = Router()
    let store = store
    let tokens = tokens
    let maximumBatchBytes = maximumBatchBytes
    let gapWait = gapWait
    router.post("/v1/batches") { request, _ in
      try await Self.answer(request, tokens: tokens, scope: .push) {
        let body = try await Self.body(of: request, upTo: maximumBatchBytes)
        // Parsing and, below, exporting are long synchronous work: on NIO's thread pool, they
        // leave the threads of Swift's cooperative pool to the database's connections.
        let (header, items) = try await NIOThreadPool.singleton.runIfActive {
          try Self.batch(parsing: body)
        }
        let result = try await Self.ingest(header, items: items, into: store, gapWait: gapWait)
        return [
          "session": .string(header.uuid),
          "actionCount": .number(String(result.actionCount)),
          "storedActions": .number(String(result.storedActions)),
          "skippedActions": .number(String(result.skippedActions)),
          "storedEffects": .number(String(result.storedEffects)),
        ]
      }
    }
    router.get("/v1/sessions") { request, _ in
      try await Self.answer(request, tokens: tokens, scope: .read) {
        let query = try Self.sessionQuery(request.uri.queryParameters)
        return .array(try await store.sessions(matching: query).map(\.json))
      }
    }
    router.get("/v1/find") { request, _ in
      try await Self.respond(request, tokens: tokens, scope: .read) {
        try await Self.find(request.uri.queryParameters, in: store)
      }
    }
    router.get("/v1/sessions/:uuid/export") { request, context in
      try await Self.answerText(request, tokens: tokens, scope: .read) {
        guard let uuid = context.parameters.get("uuid"), CollectorBatchCheck.isUUID(uuid) else {
          throw CollectorHTTPError(.badRequest, "the session must be named by its uuid")
        }
        guard let text = try await store.exportText(ofSession: uuid) else {
          throw CollectorHTTPError(.notFound, "no session \(uuid)")
        }
        return text
      }
    }
    return router
  }

  // MARK: - Helpers

  /// Stores a batch; one that starts past its session's stored actions is tried again, more
  /// and more slowly, until the batches before it are stored or `gapWait` has passed.
  static func ingest(
    _ header: SessionImport, items: [SessionImport.Item], into store: any CollectorStorage,
    gapWait: Duration
  ) async throws -> SessionBatchResult {
    let clock = ContinuousClock()
    let deadline = clock.now + gapWait
    var delay = Duration.milliseconds(2)
    while true {
      do {
        return try await store.ingest(header, items: items)
      } catch let error as SessionBatchError where error.gapAfter != nil {
        guard clock.now + delay < deadline else { throw error }
        try await Task.sleep(for: delay)
        delay = min(delay * 2, .milliseconds(100))
      }
    }
  }

  /// Checks the request's token for `scope`, then answers `body`'s JSON, or its error.
  static func answer(
    _ request: Request, tokens: CollectorTokens, scope: CollectorTokens.Scope,
    _ body: () async throws -> JSONValue
  ) async throws -> Response {
    try await respond(request, tokens: tokens, scope: scope) {
      json(try await body(), status: .ok)
    }
  }

  /// As ``answer(_:tokens:scope:_:)`` with a JSON Lines body.
  static func answerText(
    _ request: Request, tokens: CollectorTokens, scope: CollectorTokens.Scope,
    _ body: () async throws -> String
  ) async throws -> Response {
    try await respond(request, tokens: tokens, scope: scope) {
      Response(
        status: .ok, headers: [.contentType: "application/x-ndjson; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(string: try await body())))
    }
  }

  /// `response` once the request's token has `scope`; any error as its response, but for a
  /// request that is not HTTP (``body(of:upTo:)``), which is rethrown: Hummingbird answers it
  /// with a 400 and closes the connection, whose bytes no longer say where a request starts.
  static func respond(
    _ request: Request, tokens: CollectorTokens, scope: CollectorTokens.Scope,
    _ response: () async throws -> Response
  ) async throws -> Response {
    do {
      try authorize(request, tokens: tokens, scope: scope)
      return try await response()
    } catch let error as HTTPParserError {
      throw error
    } catch {
      return Self.response(for: error)
    }
  }

  /// Throws a 401 unless the request carries a listed token, a 403 unless it has `scope`.
  static func authorize(
    _ request: Request, tokens: CollectorTokens, scope: CollectorTokens.Scope
  ) throws {
    // The scheme's name is case-insensitive (RFC 9110, 11.1); the token is not.
    guard let header = request.headers[.authorization],
      header.prefix("Bearer ".count).lowercased() == "bearer ",
      let scopes = tokens.scopes(of: String(header.dropFirst("Bearer ".count)))
    else { throw CollectorHTTPError(.unauthorized, "unauthorized") }
    guard scopes.contains(scope) else { throw CollectorHTTPError(.forbidden, "forbidden") }
  }

  /// The request's body, refused with a 413 past `limit` bytes. A body that is not HTTP (a
  /// chunk size of `zz` or `-5`, one past 64 bits, a NUL in a chunk extension) throws its
  /// `HTTPParserError`, which ``respond(_:tokens:scope:_:)`` leaves to Hummingbird: a 400 that
  /// closes the connection. Not a 413, to which an uploader answers with smaller batches, again
  /// and again.
  static func body(of request: Request, upTo limit: Int) async throws -> ByteBuffer {
    do {
      return try await request.body.collect(upTo: limit)
    } catch is NIOTooManyBytesError {
      throw CollectorHTTPError(
        .contentTooLarge, "the batch is larger than \(limit) bytes; send fewer actions at a time")
    }
  }

  /// The filters of `GET /v1/sessions`: `feature`, `since` and `until` (Unix seconds),
  /// `metadata` (`key=value`, repeated) and `failed` (`true` or `false`).
  static func sessionQuery(_ parameters: Parameters) throws -> SessionQuery {
    var query = SessionQuery()
    func time(_ name: String) throws -> Date? {
      guard let text = parameters.get(name) else { return nil }
      guard let seconds = Double(text), seconds.isFinite else {
        throw CollectorHTTPError(.badRequest, "\(name) must be Unix seconds")
      }
      return Date(timeIntervalSince1970: seconds)
    }
    // No stored session holds a NUL in these (CollectorBatchCheck), and PostgreSQL's text
    // cannot hold one: a filter with one is refused rather than sent to the database.
    func checked(_ name: String, _ value: String) throws -> String {
      guard !value.utf8.contains(0) else {
        throw CollectorHTTPError(.badRequest, "\(name) must not hold a NUL character (%00)")
      }
      return value
    }
    query.feature = try parameters.get("feature").map { try checked("feature", $0) }
    query.startedSince = try time("since")
    query.startedBefore = try time("until")
    for text in parameters.getAll("metadata") {
      guard let pair = MetadataPair(parsing: try checked("metadata", text))
      else {
        throw CollectorHTTPError(.badRequest, "metadata must be key=value")
      }
      query.metadata[pair.key] = pair.value
    }
    switch parameters.get("failed") {
    case nil: break
    case "true": query.hasFailedEffect = true
    case "false": query.hasFailedEffect = false
    default: throw CollectorHTTPError(.badRequest, "failed must be true or false")
    }
    return query
  }

  /// `GET /v1/find`: `where` (a predicate), `mode` (`ranges`, the default, `first` or
  /// `last`) and the filters of `GET /v1/sessions`. Answers JSON Lines, written as the search
  /// goes, so a long search is never a silent connection: `{"searched":N}`, then for each
  /// session where the predicate holds what `find --all-sessions --json` prints, in the
  /// sessions' order, then `{"end":true}`; or, in place of the end, `{"error":"…"}`.
  static func find(_ parameters: Parameters, in store: any CollectorStorage) async throws
    -> Response
  {
    guard let text = parameters.get("where") else {
      throw CollectorHTTPError(.badRequest, "where must name a predicate")
    }
    let predicate: RKDebugCLI.Predicate
    do {
      predicate = try RKDebugCLI.Predicate(parsing: text)
    } catch {
      throw CollectorHTTPError(.badRequest, "where: \(error)")
    }
    guard let mode = SessionsScan.Mode(rawValue: parameters.get("mode") ?? "ranges") else {
      throw CollectorHTTPError(.badRequest, "mode must be ranges, first or last")
    }
    let sessions = try await store.sessions(matching: try sessionQuery(parameters))
    let scan = CollectorSessionsScan(store: store, predicate: predicate, sessions: sessions)
    let body = ResponseBody { writer in
      func write(_ value: JSONValue) async throws {
        try await writer.write(ByteBuffer(string: value.serialized() + "\n"))
      }
      try await write(["searched": JSONValue(sessions.count)])
      do {
        try await scan.run(mode) { answer in
          guard !answer.ranges.isEmpty else { return }
          try await write(answer.json(single: mode != .ranges))
        }
        try await write(["end": true])
      } catch let failure as CollectorSessionsScan.Failure {
        try await write(["error": .string(failure.description)])
      } catch let unavailable as CollectorUnavailable {
        // No connection for a minute: the client may ask again, as a 503 tells it.
        try await write(["error": .string(unavailable.description)])
      } catch {
        // The cause stays in the server's log: it may name the database.
        print("rkdebug serve: error: \(error)", to: &StandardError.stream)
        try await write(["error": "the collector failed"])
      }
      try await writer.finish(nil)
    }
    return Response(
      status: .ok, headers: [.contentType: "application/x-ndjson; charset=utf-8"], body: body)
  }

  /// A batch's session line and items, read as `rkdebug import` reads them.
  ///
  /// A line that does not read is a 400; a value the collector does not store (a time out of
  /// range, text that is not UTF-8, a session id that is not a UUID: ``CollectorBatchCheck``)
  /// a 422. Either way nothing reaches the store.
  static func batch(parsing body: ByteBuffer) throws -> (SessionImport, [SessionImport.Item]) {
    try CollectorBatchCheck.checkUTF8(body.readableBytesView)
    let reader = ExportFormat.Reader(source: "batch", text: String(buffer: body))
    let header: SessionImport
    var items: [SessionImport.Item] = []
    do {
      header = try reader.session()
      while let item = try reader.next() { items.append(item) }
    } catch let refused as ExportFormat.RefusedValue {
      throw CollectorHTTPError(
        .unprocessableContent, refused.problem + "; nothing of the batch was stored")
    } catch {
      throw CollectorHTTPError(.badRequest, String(describing: error))
    }
    try CollectorBatchCheck.check(header, items: items)
    return (header, items)
  }

  static func response(for error: any Error) -> Response {
    switch error {
    case let error as CollectorHTTPError:
      return json(["error": .string(error.message)], status: error.status)
    case let error as SessionBatchError:
      if let stored = error.gapAfter {
        return json(
          ["error": .string(error.description), "actionCount": JSONValue(stored)],
          status: .conflict)
      }
      return json(["error": .string(error.description)], status: .unprocessableContent)
    case let error as CollectorUnavailable:
      return json(["error": .string(error.description)], status: .serviceUnavailable)
    default:
      // The cause stays in the server's log: it may name the database or its files.
      print("rkdebug serve: error: \(error)", to: &StandardError.stream)
      return json(["error": .string("the collector failed")], status: .internalServerError)
    }
  }

  static func json(_ value: JSONValue, status: HTTPResponse.Status) -> Response {
    var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
    if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
    return Response(
      status: status, headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.serializedBytes())))
  }
}

/// A request the collector refuses, with its status and a message that leaks nothing.
struct CollectorHTTPError: Error {
  let status: HTTPResponse.Status
  let message: String
  init(_ status: HTTPResponse.Status, _ message: String) {
    self.status = status
    self.message = message
  }
}
