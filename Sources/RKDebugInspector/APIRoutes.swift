import Hummingbird
import ReducerKitDebug

/// The JSON API under `/api/` (docs/ui-api.md): each route reads its parameters strictly and
/// asks ``InspectorQueries``; a bad parameter is a 400 with `{"error": "…"}`.
struct APIRoutes: Sendable {
  let queries: any InspectorQueries

  /// The most actions one window holds, and the most changes one history returns.
  static let maximumWindow = 1000
  static let maximumHistory = 10_000
  /// The largest index or id a request may name (a larger one is a 400, never an overflow).
  static let maximumIndex = QueryParameters.maximumInteger

  func add(to router: Router<BasicRequestContext>) {
    let queries = queries
    route(router, "/api/sessions", allowed: []) { _, _ in try queries.sessions() }
    route(router, "/api/sessions/:session", allowed: []) { session, _ in
      try queries.session(session)
    }
    route(router, "/api/sessions/:session/actions", allowed: ["from", "count", "filter"]) {
      session, query in
      let filter = query.string("filter").flatMap { $0.isEmpty ? nil : $0 }
      return try queries.actions(
        session: session, from: try query.integer("from", in: 1...Self.maximumIndex, default: 1),
        count: try query.integer("count", in: 1...Self.maximumWindow, default: 200),
        filter: filter)
    }
    router.get("/api/sessions/:session/actions/:index") { request, context in
      await Self.answer {
        let session = try Self.sessionID(context)
        _ = try QueryParameters(request, allowed: [])
        guard let text = context.parameters.get("index"), let index = Int(text),
          (1...Self.maximumIndex).contains(index)
        else {
          throw InspectorError.badRequest(
            "the action index must be an integer from 1 to \(Self.maximumIndex)")
        }
        return try queries.action(session: session, index: index)
      }
    }
    route(router, "/api/sessions/:session/state", allowed: ["at"]) { session, query in
      try queries.state(session: session, at: try query.integer("at", in: 0...Self.maximumIndex))
    }
    route(router, "/api/sessions/:session/value", allowed: ["at", "path"]) { session, query in
      try queries.value(
        session: session, at: try query.integer("at", in: 0...Self.maximumIndex),
        path: try query.requiredString("path"))
    }
    route(router, "/api/sessions/:session/history", allowed: ["path", "limit"]) {
      session, query in
      try queries.history(
        session: session, path: try query.requiredString("path"),
        limit: try query.integer("limit", in: 1...Self.maximumHistory, default: 1000))
    }
    route(router, "/api/sessions/:session/diff", allowed: ["from", "to"]) { session, query in
      try queries.diff(
        session: session, from: try query.integer("from", in: 0...Self.maximumIndex),
        to: try query.integer("to", in: 0...Self.maximumIndex))
    }
    route(router, "/api/sessions/:session/effects", allowed: ["from", "to"]) { session, query in
      let from = try query.integer("from", in: 1...Self.maximumIndex)
      let to = try query.integer("to", in: 1...Self.maximumIndex)
      guard from <= to, to - from < Self.maximumHistory else {
        throw InspectorError.badRequest(
          "'from' must not be after 'to', and a range holds at most \(Self.maximumHistory) actions")
      }
      return try queries.effects(session: session, from: from, to: to)
    }
    route(router, "/api/sessions/:session/navigation", allowed: ["at"]) { session, query in
      try queries.navigation(
        session: session, at: try query.integer("at", in: 0...Self.maximumIndex))
    }
    route(router, "/api/sessions/:session/navigation/timeline", allowed: []) { session, _ in
      try queries.navigationTimeline(session: session)
    }
    route(router, "/api/sessions/:session/replay", allowed: []) { session, _ in
      try queries.replay(session: session)
    }
    router.get("/api/**") { _, _ in
      InspectorResponse.error(.notFound("no such endpoint; docs/ui-api.md lists them"))
    }
  }

  /// Adds a GET route whose answer is `body(session, query)`, the session id coming from the
  /// path's `:session` (0 for a path without one).
  private func route(
    _ router: Router<BasicRequestContext>, _ path: RouterPath, allowed: Set<String>,
    _ body: @escaping @Sendable (Int64, QueryParameters) throws -> JSONValue
  ) {
    router.get(path) { request, context in
      await Self.answer {
        let session = context.parameters.get("session") == nil ? 0 : try Self.sessionID(context)
        return try body(session, try QueryParameters(request, allowed: allowed))
      }
    }
  }

  private static func sessionID(_ context: BasicRequestContext) throws(InspectorError) -> Int64 {
    guard let text = context.parameters.get("session"), let id = Int64(text), id >= 1 else {
      throw .badRequest("the session id must be an integer from 1")
    }
    return id
  }

  /// The JSON of `body`, or its error: an ``InspectorError`` with its status, anything else a
  /// 500 with its description.
  private static func answer(_ body: () throws -> JSONValue) async -> Response {
    do {
      return InspectorResponse.json(try body())
    } catch let error as InspectorError {
      return InspectorResponse.error(error)
    } catch {
      return InspectorResponse.error(
        InspectorError(status: .internalServerError, String(describing: error)))
    }
  }
}
