import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import RKDebugCLI
import ReducerKitDebug
import ReducerKitUpload

/// Talks to an `rkdebug serve` collector: `push` sends batches, `pull` fetches sessions.
///
/// The token comes from `$RKDEBUG_TOKEN` or a file, never from the command line, where other
/// users of a shared machine could read it.
struct CollectorClient {
  /// The collector's base URL (`http://127.0.0.1:8080`).
  let baseURL: URL
  let token: String
  private let http: HTTPClient
  /// Attempts of a request that failed for the network or a 5xx before giving up: about 33 s
  /// of waits, long enough for a collector or its database to restart, or for a collector
  /// that many uploads keep busy to answer.
  var attempts = 20

  init(url: String, tokenFile: String?) throws {
    guard let baseURL = URL(string: url), ["http", "https"].contains(baseURL.scheme),
      baseURL.host != nil
    else {
      throw RKDebugError("'\(url)' is not a collector URL (http://HOST:PORT of 'rkdebug serve')")
    }
    self.baseURL = baseURL
    let source: String
    if let tokenFile {
      token = try SmallTextFile.read(tokenFile, description: "the token file", limit: 64 << 10)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      source = "the token file \(tokenFile)"
    } else if let value = ProcessInfo.processInfo.environment["RKDEBUG_TOKEN"] {
      token = value.trimmingCharacters(in: .whitespacesAndNewlines)
      source = "$RKDEBUG_TOKEN"
    } else {
      throw RKDebugError("give the collector's token in $RKDEBUG_TOKEN or with --token-file FILE")
    }
    guard !token.isEmpty else { throw RKDebugError("the collector's token is empty") }
    // A header cannot carry a control character: the HTTP client would refuse every attempt,
    // and its error quotes the whole header. Refused here, at once, without the token.
    if let scalar = token.unicodeScalars.first(where: Self.isControl) {
      throw RKDebugError(
        "\(source) holds a control character (U+\(Self.hex(scalar))): a token is one line of "
          + "printable text; write it again without")
    }
    http = try CollectorHTTP.client()
  }

  /// Whether `scalar` is a C0 control character (CR, LF, NUL, tab, …) or DEL, which no HTTP
  /// header value holds.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || scalar.value == 0x7F
  }

  private static func hex(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The export text of the session `uuid`.
  func export(of uuid: String) async throws -> Data {
    try await request("v1/sessions/\(uuid)/export", method: .GET, body: nil)
  }

  /// `find --all-sessions` run by the collector over its sessions that `query` keeps: calls
  /// `answer` with the `--json` object of each session where `predicate` holds, in order, as
  /// the collector sends them, and returns how many sessions it searched.
  ///
  /// Sent once, but for a 503 (the database gave no connection: nothing was searched), sent
  /// again as ``exchange(_:method:body:retrying:)`` sends: a search is long work for the
  /// collector, which a resend would start again.
  /// - Throws: The collector's error for a session, after the answers before it.
  func find(
    _ predicate: RKDebugCLI.Predicate, mode: SessionsScan.Mode, matching query: SessionQuery,
    answer: (JSONValue) throws -> Void
  ) async throws -> Int {
    let url =
      baseURL.appendingPathComponent("v1/find").absoluteString
      + Self.queryText(
        for: query,
        adding: [
          URLQueryItem(name: "where", value: predicate.text),
          URLQueryItem(name: "mode", value: mode.rawValue),
        ])
    let malformed = RKDebugError(
      "the collector at \(baseURL.absoluteString) answered a search that is not one")
    // JSON Lines, read as they arrive: the count searched, the answers, and the end, or an
    // error in its place.
    var searched: Int?
    var pending: [UInt8] = []
    do {
      var response = try await execute(url, method: .GET, body: nil)
      var delay = 0.2
      for _ in 1..<attempts where response.status.code == 503 {
        _ = try? await response.body.collect(upTo: 1 << 20)
        try await Task.sleep(for: .seconds(delay))
        delay = min(2, delay * 2)
        response = try await execute(url, method: .GET, body: nil)
      }
      let status = Int(response.status.code)
      guard status == 200 else {
        throw failure(
          status, Data(try await response.body.collect(upTo: 1 << 20).readableBytesView))
      }
      for try await chunk in response.body {
        pending += chunk.readableBytesView
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          let line = String(decoding: pending[..<newline], as: UTF8.self)
          pending.removeSubrange(...newline)
          guard let object = try? JSONValue(parsing: line) else { throw malformed }
          guard let count = searched else {
            guard let count = object["searched"]?.intValue else { throw malformed }
            searched = count
            continue
          }
          if let message = object["error"]?.stringValue {
            throw RKDebugError("the collector at \(baseURL.absoluteString) answered: \(message)")
          }
          if object["end"] == .bool(true) { return count }
          try answer(object)
        }
      }
    } catch let error as RKDebugError {
      throw error
    } catch {
      throw unreachable(error)
    }
    throw malformed
  }

  /// The collector's sessions that `query` keeps, oldest first, with the collector's ids.
  func sessions(matching query: SessionQuery) async throws -> [LoggedSession] {
    let data = try await request(
      "v1/sessions", query: Self.queryText(for: query), method: .GET, body: nil)
    guard case .array(let objects) = try? JSONValue(parsing: String(decoding: data, as: UTF8.self))
    else {
      throw RKDebugError(
        "the collector at \(baseURL.absoluteString) answered a list of sessions that is not one")
    }
    return try objects.map { try Self.session(from: $0) }
  }

  /// The query string (`?feature=…&since=…`) of `query`'s filters and `extra`'s items.
  private static func queryText(
    for query: SessionQuery, adding extra: [URLQueryItem] = []
  ) -> String {
    var items: [URLQueryItem] = []
    if let feature = query.feature { items.append(URLQueryItem(name: "feature", value: feature)) }
    if let since = query.startedSince {
      items.append(URLQueryItem(name: "since", value: String(since.timeIntervalSince1970)))
    }
    if let until = query.startedBefore {
      items.append(URLQueryItem(name: "until", value: String(until.timeIntervalSince1970)))
    }
    for (key, value) in query.metadata.sorted(by: { $0.key < $1.key }) {
      items.append(URLQueryItem(name: "metadata", value: "\(key)=\(value)"))
    }
    if let failed = query.hasFailedEffect {
      items.append(URLQueryItem(name: "failed", value: String(failed)))
    }
    items += extra
    // Each value escaped in full: URLComponents would leave `+` and `=` as they are.
    return items.isEmpty
      ? ""
      : "?" + items.map { "\($0.name)=\(escaped($0.value ?? ""))" }.joined(separator: "&")
  }

  /// A session of `GET /v1/sessions` (the `sessions --json` object).
  private static func session(from object: JSONValue) throws -> LoggedSession {
    func string(_ key: String) throws -> String {
      guard let value = object[key]?.stringValue else { throw Malformed(key: key) }
      return value
    }
    func integer(_ key: String) throws -> Int {
      guard let value = object[key]?.intValue else { throw Malformed(key: key) }
      return value
    }
    func date(_ key: String) throws -> Date? {
      guard let value = object[key], value != .null else { return nil }
      guard let text = value.stringValue, let date = JSONValue.date(parsing: text) else {
        throw Malformed(key: key)
      }
      return date
    }
    guard let startedAt = try date("startedAt") else { throw Malformed(key: "startedAt") }
    return LoggedSession(
      id: Int64(try integer("id")), uuid: try string("uuid"), feature: try string("feature"),
      stateType: try string("stateType"), actionType: try string("actionType"),
      stateFingerprint: "", actionFingerprint: "",
      snapshotInterval: try integer("snapshotInterval"), durability: try string("durability"),
      startedAt: startedAt, endedAt: try date("endedAt"), actionCount: try integer("actionCount"),
      effectCount: try integer("effectCount"))
  }

  /// A session object of the collector's that lacks a member or holds the wrong type there.
  private struct Malformed: Error, CustomStringConvertible {
    let key: String
    var description: String { "the collector listed a session without a valid '\(key)'" }
  }

  /// `text` with everything but ASCII's unreserved characters (RFC 3986) percent-escaped.
  private static func escaped(_ text: String) -> String {
    let allowed = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  /// Sends a request and returns the body of its 2xx answer; a request that fails for the
  /// network or a 5xx is sent again, up to ``attempts`` times when `retrying`.
  private func request(
    _ path: String, query: String = "", method: HTTPMethod, body: Data?, retrying: Bool = true
  ) async throws -> Data {
    let (status, data) = try await exchange(
      baseURL.appendingPathComponent(path).absoluteString + query, method: method,
      body: body.map { [UInt8]($0) }, retrying: retrying)
    if (200..<300).contains(status) { return data }
    throw failure(status, data)
  }

  /// The error of an answer with `status` and `data`, quoting the collector's message.
  private func failure(_ status: Int, _ data: Data) -> RKDebugError {
    let message =
      ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["error"] as? String
      ?? "HTTP \(status)"
    return RKDebugError(
      "the collector at \(baseURL.absoluteString) answered \(status): \(message)")
  }

  /// `request`, sent as ``request(_:query:method:body:retrying:)`` sends one, answered with
  /// any status but those it sends again: the transport of a ``SessionUploader``
  /// (`rkdebug push`), which reads the status itself. A 5xx, 408 or 429 after the last
  /// attempt throws.
  func send(_ request: UploadRequest) async throws -> UploadResponse {
    let (status, data) = try await exchange(
      request.url.absoluteString, method: HTTPMethod(rawValue: request.method),
      body: request.body.isEmpty ? nil : request.body, retrying: true)
    if status >= 500 || status == 408 || status == 429 { throw failure(status, data) }
    return UploadResponse(status: status, body: [UInt8](data))
  }

  /// Sends a request to `url` and returns its status and body: any status but a 5xx, a 408 or
  /// a 429, or the last of those. One that fails for the network or with one of those is sent
  /// again, up to ``attempts`` times when `retrying`, waiting longer each time; a failed TLS
  /// handshake is not.
  private func exchange(
    _ url: String, method: HTTPMethod, body: [UInt8]?, retrying: Bool
  ) async throws -> (status: Int, data: Data) {
    let attempts = retrying ? attempts : 1
    var delay = 0.2
    for attempt in 1...attempts {
      let status: Int
      let data: Data
      do {
        let response = try await execute(url, method: method, body: body)
        status = Int(response.status.code)
        data = Data(try await response.body.collect(upTo: .max).readableBytesView)
      } catch let error as RKDebugError {
        throw error
      } catch {
        if attempt < attempts {
          try await Task.sleep(for: .seconds(delay))
          delay = min(2, delay * 2)
          continue
        }
        throw unreachable(error)
      }
      if status >= 500 || status == 408 || status == 429, attempt < attempts {
        try await Task.sleep(for: .seconds(delay))
        delay = min(2, delay * 2)
        continue
      }
      return (status, data)
    }
    throw RKDebugError("cannot reach the collector at \(baseURL.absoluteString)")
  }

  /// Sends one request to `url`, its body not read yet. A failed TLS handshake, which sending
  /// again cannot mend, throws an ``RKDebugError``; any other failure its own error.
  private func execute(
    _ url: String, method: HTTPMethod, body: [UInt8]?
  ) async throws -> HTTPClientResponse {
    var request = HTTPClientRequest(url: url)
    request.method = method
    request.headers.add(name: "Authorization", value: "Bearer \(token)")
    if let body {
      request.headers.add(name: "Content-Type", value: "application/x-ndjson")
      request.body = .bytes(ByteBuffer(bytes: body))
    }
    do {
      // No deadline: the client's read timeout gives up on a collector that went silent.
      return try await http.execute(request, timeout: .hours(24))
    } catch let error where Self.isTLSFailure(error) {
      throw RKDebugError(
        "cannot reach the collector at \(baseURL.absoluteString): the TLS handshake failed "
          + "(\(Self.reason(error))); for a certificate of your own authority, name that "
          + "authority's PEM file in $RKDEBUG_CA_FILE")
    }
  }

  /// The error of a request that could not reach the collector for `error`; the token, should
  /// the error quote a header, is replaced by `<token>`: a token never reaches output.
  private func unreachable(_ error: any Error) -> RKDebugError {
    let reason = Self.reason(error).replacingOccurrences(of: token, with: "<token>")
    return RKDebugError("cannot reach the collector at \(baseURL.absoluteString): \(reason)")
  }

  /// What went wrong, in a few words: the system's message for an errno, BoringSSL's reason
  /// for a failed handshake, else the error's description.
  private static func reason(_ error: any Error) -> String {
    if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
    switch error as? HTTPClientError {
    case .readTimeout?: return "it sent nothing for 120 s"
    case .connectTimeout?: return "the connection timed out"
    case .remoteConnectionClosed?: return "it closed the connection"
    default: break
    }
    let text = String(describing: error)
    guard let marker = text.range(of: "OPENSSL_internal:") else { return text }
    return String(text[marker.upperBound...].prefix { $0 != " " && $0 != "]" })
  }

  /// Whether `error` is a TLS handshake that failed: sending the request again cannot help.
  private static func isTLSFailure(_ error: any Error) -> Bool {
    if case .handshakeFailed? = error as? NIOSSLError { return true }
    return error is NIOSSLExtraError || error is BoringSSLError
  }
}
