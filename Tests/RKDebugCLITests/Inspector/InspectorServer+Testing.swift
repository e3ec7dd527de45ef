import Foundation
import Hummingbird
import HummingbirdTesting
import RKDebugInspector
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

extension RecordedLog {
  /// Runs `body` with a client of the inspector's router over this log, in process.
  func withInspector(
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    let server = InspectorServer(queries: SessionInspector(log: try ActionLog.readOnly(path: path)))
    try await Application(router: server.router()).test(.router, body)
  }

  /// Runs `body` with the port of an `rkdebug ui` process serving this log, and the process.
  /// Real sockets go to a process of their own: a Hummingbird server run in the test process
  /// can hang it (see scripts/rerun-if-hung.sh).
  func withUIServer(
    _ body: (_ port: Int, _ server: RKDebugProcess.Running) async throws -> Void
  ) async throws {
    let server = try RKDebugProcess.start(["ui", "--db", path])
    defer { server.process.terminate() }
    let line = try UICommandTests.firstLine(of: server)
    let port = try #require(
      line.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
    try await body(port, server)
  }
}

extension TestResponse {
  /// The body as JSON.
  var json: JSONValue {
    get throws { try JSONValue(parsing: String(buffer: body)) }
  }
}

extension TestClientProtocol {
  /// The JSON answer of a GET of `uri`, expecting `status`.
  func get(
    _ uri: String, status: HTTPResponse.Status = .ok,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> JSONValue {
    try await execute(uri: uri, method: .get) { response in
      #expect(response.status == status, "\(uri)", sourceLocation: sourceLocation)
      #expect(
        response.headers[.contentType] == "application/json; charset=utf-8",
        sourceLocation: sourceLocation)
      return try response.json
    }
  }

  /// The error message of a GET of `uri` that must fail with `status`.
  func error(
    _ uri: String, status: HTTPResponse.Status = .badRequest,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    let json = try await get(uri, status: status, sourceLocation: sourceLocation)
    return try #require(json["error"]?.stringValue, sourceLocation: sourceLocation)
  }
}

/// One HTTP/1.1 exchange over a plain socket (``RawSocket``), sending exactly the request line
/// and headers given: for what a client library will not send, such as another `Host`. A
/// server that does not answer and close fails the exchange after two minutes.
enum RawHTTP {
  static func exchange(port: Int, request: String) async throws -> String {
    // Long enough for a server whose queries wait for a thread of the cooperative pool while
    // the CLI tests beside it block those threads on two loaded cores (30 s was hit in CI).
    let answer = try await RawSocket.exchange(port: port, bytes: Array(request.utf8), wait: 120)
    guard answer.closed else { throw POSIXError(.ETIMEDOUT) }
    return answer.text
  }
}
