import Foundation
import Hummingbird
import HummingbirdTesting
import RKDebugInspector
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

extension RecordedLog {
  /// Runs `body` with a client of the inspector over this log, in process.
  func withInspector(
    _ setup: TestingSetup = .router,
    _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void
  ) async throws {
    let server = InspectorServer(queries: SessionInspector(log: try ActionLog.readOnly(path: path)))
    try await Application(router: server.router()).test(setup, body)
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

/// One HTTP/1.1 exchange over a plain socket, sending exactly the request line and headers
/// given: for what a client library will not send, such as another `Host`.
///
/// The blocking socket calls run on a thread of their own: on the two threads of Swift's
/// cooperative pool here, two tests blocked in `recv` would starve the in-process servers they
/// wait for. A server that never answers fails the exchange after two minutes.
enum RawHTTP {
  static func exchange(port: Int, request: String) async throws -> String {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Result { try blockingExchange(port: port, request: request) })
      }.start()
    }
  }

  private static func blockingExchange(port: Int, request: String) throws -> String {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(.EIO) }
    defer { close(fd) }
    // Long enough for a server whose queries wait for a thread of the cooperative pool while
    // the CLI tests beside it block those threads on two loaded cores (30 s was hit in CI).
    var timeout = timeval(tv_sec: 120, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    let bytes = Array(request.utf8)
    guard send(fd, bytes, bytes.count, 0) == bytes.count else { throw POSIXError(.EIO) }
    var response: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw POSIXError(.ETIMEDOUT) }
      if count <= 0 { break }
      response += buffer[0..<count]
    }
    return String(decoding: response, as: UTF8.self)
  }
}
