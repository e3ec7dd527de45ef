import Foundation
import Hummingbird
import HummingbirdTesting
import RKDebugInspector
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// The JSON API of `rkdebug ui` (docs/ui-api.md), in process, over the Shelf session: 12
/// actions, effect #1 of action 6 emitting action 7.
@Suite struct InspectorAPITests {
  @Test func sessions() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      let sessions = try await client.get("/api/sessions")
      #expect(sessions.arrayValue?.count == 1)
      let session = try #require(sessions[0])
      #expect(session["id"] == 1)
      #expect(session["feature"] == "shelf")
      #expect(session["actionCount"] == 12)
      #expect(session["replayable"] == false)
      #expect(try await client.get("/api/sessions/1") == session)
      #expect(
        try await client.error("/api/sessions/2", status: .notFound)
          == "no session 2 in this log (sessions: 1); list them with 'rkdebug sessions'")
    }
  }

  @Test func actionWindowsAndTheFilter() async throws {
    let log = try await RecordedLog.shelf()
    let fifthLine = try ActionLog.readOnly(path: log.path).reader().action(at: 5).singleLineLabel
    try await log.withInspector { client in
      let window = try await client.get("/api/sessions/1/actions?from=5&count=3")
      #expect(window["total"] == 12)
      let actions = try #require(window["actions"]?.arrayValue)
      #expect(actions.map { $0["index"] } == [5, 6, 7])
      #expect(actions[1]["source"] == "send")
      #expect(actions[2]["source"] == "effect")
      #expect(actions[2]["effectID"] == 1)
      #expect(actions[2]["parentIndex"] == 6)
      #expect(actions[0]["line"] == .string(fifthLine))

      let tail = try await client.get("/api/sessions/1/actions?from=11&count=200")
      #expect(tail["actions"]?.arrayValue?.map { $0["index"] } == [11, 12])
      let past = try await client.get("/api/sessions/1/actions?from=13")
      #expect(past["actions"] == [])

      let notes = try await client.get("/api/sessions/1/actions?filter=SETNOTE&count=1")
      #expect(notes["total"] == 2)
      #expect(notes["actions"]?.arrayValue?.map { $0["index"] } == [5])
      let second = try await client.get("/api/sessions/1/actions?filter=setNote&from=2")
      #expect(second["actions"]?.arrayValue?.map { $0["index"] } == [10])
      // LIKE's wildcards are plain characters in a filter.
      let percent = try await client.get("/api/sessions/1/actions?filter=%25")
      #expect(percent["total"] == 0)
    }
  }

  @Test func oneActionWithItsChangeAndEffects() async throws {
    let log = try await RecordedLog.shelf()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let sixthLabel = try reader.action(at: 6).label
    let seventhPatch = JSONValue.array(try reader.action(at: 7).patch.map(\.jsonValue))
    try await log.withInspector { client in
      let action = try await client.get("/api/sessions/1/actions/6")
      #expect(action["index"] == 6)
      #expect(action["label"] == .string(sixthLabel))
      let changes = try #require(action["changes"]?.stringValue)
      #expect(changes.hasPrefix("received action:\n  Shelf.Action."))
      let effects = try #require(action["effects"]?.arrayValue)
      #expect(effects.count == 1)
      #expect(effects[0]["id"] == 1)
      #expect(effects[0]["outcome"] == "finished")
      #expect(effects[0]["emitted"] == [7])

      let seventh = try await client.get("/api/sessions/1/actions/7")
      #expect(seventh["patch"] == seventhPatch)
      #expect(seventh["effects"] == [])

      _ = try await client.error("/api/sessions/1/actions/13")
      _ = try await client.error("/api/sessions/1/actions/0")
      _ = try await client.error("/api/sessions/1/actions/x")
    }
  }

  @Test func statesValuesAndDiffs() async throws {
    let log = try await RecordedLog.shelf()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let states = try [0, 7, 12].map { ($0, try reader.stateJSON(at: $0)) }
    let patch = JSONValue.array(
      JSONValue.diff(from: try reader.stateJSON(at: 0), to: try reader.stateJSON(at: 12))
        .map(\.jsonValue))
    try await log.withInspector { client in
      for (index, state) in states {
        let answer = try await client.get("/api/sessions/1/state?at=\(index)")
        #expect(answer["at"] == JSONValue(index))
        #expect(answer["state"] == state)
      }
      let count = try await client.get("/api/sessions/1/value?at=7&path=count")
      #expect(count["value"] == 42)
      #expect(count["exists"] == true)
      let title = try await client.get("/api/sessions/1/value?at=3&path=books%5B0%5D.title")
      #expect(title["path"] == "books[0].title")
      #expect(title["value"] == "Dune")

      let diff = try await client.get("/api/sessions/1/diff?from=0&to=12")
      #expect(diff["patch"] == patch)
      #expect(diff["text"]?.stringValue?.contains("-   count: 0") == true)
      let none = try await client.get("/api/sessions/1/diff?from=4&to=4")
      #expect(none["patch"] == [])
      #expect(none["text"] == .null)
    }
  }

  @Test func historyOfAPath() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      let history = try await client.get("/api/sessions/1/history?path=count")
      let changes = try #require(history["changes"]?.arrayValue)
      #expect(changes.map { $0["index"] } == [1, 7])
      #expect(changes.map { $0["old"] } == [0, 1])
      #expect(changes.map { $0["new"] } == [1, 42])
      #expect(history["truncated"] == false)
      let first = try await client.get("/api/sessions/1/history?path=count&limit=1")
      #expect(first["changes"]?.arrayValue?.count == 1)
      #expect(first["truncated"] == true)
      let message = try await client.error("/api/sessions/1/history?path=cont")
      #expect(message.contains("did you mean 'count'"))
      _ = try await client.error("/api/sessions/1/history?path=count%5B")
    }
  }

  @Test func effectsOfARange() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      let answer = try await client.get("/api/sessions/1/effects?from=1&to=12")
      let effects = try #require(answer["effects"]?.arrayValue)
      #expect(effects.map { $0["id"] } == [1])
      #expect(effects[0]["actionIndex"] == 6)
      #expect(effects[0]["emitted"] == [7])
      #expect(answer["complete"] == true)
      let before = try await client.get("/api/sessions/1/effects?from=1&to=5")
      #expect(before["effects"] == [])
      _ = try await client.error("/api/sessions/1/effects?from=5&to=1")
    }
  }

  @Test func replayNeedsARegisteredFeature() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      let answer = try await client.get("/api/sessions/1/replay")
      #expect(answer["registered"] == false)
      #expect(answer["result"] == "unregistered")
    }
  }

  @Test func badParametersAre400WithAMessage() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      #expect(
        try await client.error("/api/sessions/1/state?at=1&x=2")
          == "unknown parameter 'x'; this endpoint takes at")
      #expect(
        try await client.error("/api/sessions/1/state?at=abc")
          == "parameter 'at' must be an integer, not 'abc'")
      #expect(try await client.error("/api/sessions/1/state") == "parameter 'at' is required")
      #expect(
        try await client.error("/api/sessions/1/state?at=1&at=2")
          == "parameter 'at' is repeated")
      #expect(
        try await client.error("/api/sessions/1/state?at=13")
          .contains("out of range"))
      #expect(
        try await client.error("/api/sessions/1/actions?count=1001")
          == "parameter 'count' must be between 1 and 1000")
      #expect(
        try await client.error("/api/sessions/1/actions?from=0")
          .hasPrefix("parameter 'from' must be between 1 and"))
      #expect(
        try await client.error("/api/sessions/1/value?at=1") == "parameter 'path' is required")
      #expect(
        try await client.error("/api/sessions/abc/state?at=1")
          == "the session id must be an integer from 1")
      #expect(
        try await client.error("/api/sessions/1/secrets", status: .notFound)
          == "no such endpoint; docs/ui-api.md lists them")
      let long = String(repeating: "a", count: 70000)
      #expect(
        try await client.error("/api/sessions/1/history?path=\(long)")
          == "parameter 'path' is longer than 65536 bytes")
      // A path is never a file name: nothing a client sends reaches the filesystem.
      _ = try await client.error("/api/sessions/1/value?at=1&path=..%2F..%2Fetc%2Fpasswd")
    }
  }

  @Test func thePageAndItsPolicy() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      for (uri, type) in [
        ("/", "text/html; charset=utf-8"), ("/app.js", "text/javascript; charset=utf-8"),
        ("/app.css", "text/css; charset=utf-8"), ("/?session=1&at=3", "text/html; charset=utf-8"),
      ] {
        let headers: HTTPFields = [.origin: "https://evil.example"]
        try await client.execute(uri: uri, method: .get, headers: headers) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.contentType] == type)
          let policy = try #require(response.headers[.contentSecurityPolicy])
          #expect(policy.contains("default-src 'none'"))
          #expect(policy.contains("script-src 'self'"))
          #expect(!policy.contains("unsafe"))
          #expect(response.headers[.xContentTypeOptions] == "nosniff")
          #expect(response.headers[.accessControlAllowOrigin] == nil)
        }
      }
      _ = try await client.error("/?evil=1")
    }
  }

  @Test func onlyGET() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      for method in [HTTPRequest.Method.post, .put, .delete, .patch, .head, .options] {
        try await client.execute(uri: "/api/sessions", method: method) { response in
          #expect(response.status == .methodNotAllowed, "\(method)")
          #expect(response.headers[.allow] == "GET")
          #expect(response.headers[.accessControlAllowOrigin] == nil)
        }
      }
    }
  }

  /// A real socket: the server refuses a `Host` other than its own, as a page on another site
  /// whose name resolves to 127.0.0.1 would send.
  @Test func theHostHeaderMustNameTheServer() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withUIServer { port, _ async throws in
      func status(host: String) async throws -> String {
        let response = try await RawHTTP.exchange(
          port: port,
          request: "GET /api/sessions HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
        return response.components(separatedBy: "\r\n").first ?? ""
      }
      #expect(try await status(host: "localhost") == "HTTP/1.1 200 OK")
      #expect(try await status(host: "127.0.0.1") == "HTTP/1.1 200 OK")
      #expect(try await status(host: "evil.example") == "HTTP/1.1 421 Misdirected Request")
      #expect(try await status(host: "localhost.evil.example") == "HTTP/1.1 421 Misdirected Request")
      #expect(try await status(host: "127.0.0.1.evil.example") == "HTTP/1.1 421 Misdirected Request")
      let body = try await RawHTTP.exchange(
        port: port,
        request: "GET /api/sessions HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
      #expect(body.hasSuffix(#"{"error":"this server answers only requests for 127.0.0.1"}"#))
    }
  }
}
