import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ReducerKitDebug
import Testing

/// Requests a hostile client sends the inspector: huge and negative integers, two `Host`
/// headers, unknown paths. Each gets a 4xx with the security headers; the server lives on.
@Suite struct InspectorHostileRequestTests {
  @Test func hugeAndNegativeIntegersAreA400() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      let huge = "9223372036854775807"
      let cases: [(uri: String, message: String)] = [
        (
          "/api/sessions/1/actions?from=\(huge)",
          "parameter 'from' must be between 1 and 9007199254740991"
        ),
        (
          "/api/sessions/1/actions?from=9007199254740992&count=1000",
          "parameter 'from' must be between 1 and 9007199254740991"
        ),
        (
          "/api/sessions/1/actions?from=-5",
          "parameter 'from' must be between 1 and 9007199254740991"
        ),
        (
          "/api/sessions/1/state?at=\(huge)",
          "parameter 'at' must be between 0 and 9007199254740991"
        ),
        (
          "/api/sessions/1/navigation?at=\(huge)",
          "parameter 'at' must be between 0 and 9007199254740991"
        ),
        (
          "/api/sessions/1/navigation?at=-1",
          "parameter 'at' must be between 0 and 9007199254740991"
        ),
        (
          "/api/sessions/1/diff?from=0&to=-9223372036854775808",
          "parameter 'to' must be between 0 and 9007199254740991"
        ),
        (
          "/api/sessions/1/effects?from=1&to=99999999999999999999",
          "parameter 'to' must be an integer, not '99999999999999999999'"
        ),
        (
          "/api/sessions/1/actions/\(huge)",
          "the action index must be an integer from 1 to 9007199254740991"
        ),
        ("/api/sessions/\(huge)0/actions", "the session id must be an integer from 1"),
      ]
      for (uri, message) in cases {
        #expect(try await client.error(uri) == message, "\(uri)")
      }
      // The largest index allowed is out of the session, not out of the server.
      let window = try await client.get("/api/sessions/1/actions?from=9007199254740991&count=1000")
      #expect(window["actions"] == [])
      #expect(try await client.get("/api/sessions")[0]?["id"] == 1)
    }
  }

  /// Every answer, a 404 for a path outside `/api/` included, carries the security headers.
  @Test func unknownPathsGetTheSecurityHeaders() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withInspector { client in
      for uri in ["/nope", "/app.js/x", "/api/nope", "/../etc/passwd"] {
        try await client.execute(uri: uri, method: .get) { response in
          #expect(response.status == .notFound, "\(uri)")
          #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
          #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
          #expect(response.headers[.cacheControl] == "no-store", "\(uri)")
          #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(uri)")
          #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
        }
      }
    }
  }

  /// A real socket: a second `Host` is refused even when the first names the server, and the
  /// `Host` check answers before any route reads its parameters.
  @Test func twoHostHeadersAndTheHostCheckFirst() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withUIServer { port, _ async throws in
      func statusLine(_ request: String) async throws -> String {
        let response = try await RawHTTP.exchange(port: port, request: request)
        return response.components(separatedBy: "\r\n").first ?? ""
      }
      #expect(
        try await statusLine(
          "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n"
            + "Connection: close\r\n\r\n") == "HTTP/1.1 400 Bad Request")
      #expect(
        try await statusLine(
          "GET /api/sessions/1/actions?from=9223372036854775807 HTTP/1.1\r\n"
            + "Host: evil.example\r\nConnection: close\r\n\r\n")
          == "HTTP/1.1 421 Misdirected Request")
      #expect(
        try await statusLine(
          "GET /nope HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
          == "HTTP/1.1 421 Misdirected Request")
      #expect(
        try await statusLine(
          "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
          == "HTTP/1.1 200 OK")
    }
  }

  /// An absolute-form target is refused by `rkdebug ui` itself (the in-process router never
  /// sees the target as sent), whatever `Host` says.
  @Test func aURLAsTheRequestTargetIsRefused() async throws {
    let log = try await RecordedLog.shelf()
    try await log.withUIServer { port, server in
      for target in ["http://evil.example/api/sessions", "http://127.0.0.1:\(port)/api/sessions"] {
        let response = try await RawHTTP.exchange(
          port: port,
          request: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        #expect(response.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(response)")
        #expect(
          response.hasSuffix(
            #"{"error":"the request target must be a path such as /api/sessions, not a URL"}"#))
        #expect(response.contains("\r\nContent-Security-Policy: default-src 'none'; "))
      }
      let good = try await RawHTTP.exchange(
        port: port,
        request:
          "GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
      #expect(good.hasPrefix("HTTP/1.1 200 OK\r\n"))
      #expect(server.process.isRunning)
    }
  }
}
