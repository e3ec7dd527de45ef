import Foundation
import ReducerKitDebug

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Talks to an `rkdebug serve` collector: `push` sends batches, `pull` fetches sessions.
///
/// The token comes from `$RKDEBUG_TOKEN` or a file, never from the command line, where other
/// users of a shared machine could read it.
struct CollectorClient {
  /// The collector's base URL (`http://127.0.0.1:8080`).
  let baseURL: URL
  let token: String
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
    if let tokenFile {
      token = try SmallTextFile.read(tokenFile, description: "the token file", limit: 64 << 10)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    } else if let value = ProcessInfo.processInfo.environment["RKDEBUG_TOKEN"] {
      token = value.trimmingCharacters(in: .whitespacesAndNewlines)
    } else {
      throw RKDebugError("give the collector's token in $RKDEBUG_TOKEN or with --token-file FILE")
    }
    guard !token.isEmpty else { throw RKDebugError("the collector's token is empty") }
  }

  /// Sends one batch (a session line, then action and effect lines); returns the collector's
  /// answer. A refused batch throws the collector's reason.
  func send(batch: Data) async throws -> [String: Any] {
    let data = try await request("v1/batches", method: "POST", body: batch)
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
  }

  /// The export text of the session `uuid`.
  func export(of uuid: String) async throws -> Data {
    try await request("v1/sessions/\(uuid)/export", method: "GET", body: nil)
  }

  /// The collector's sessions that `query` keeps, oldest first, with the collector's ids.
  func sessions(matching query: SessionQuery) async throws -> [LoggedSession] {
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
    // Each value escaped in full: URLComponents would leave `+` and `=` as they are.
    let queryText =
      items.isEmpty
      ? ""
      : "?"
        + items.map { item in
          "\(item.name)=\(Self.escaped(item.value ?? ""))"
        }.joined(separator: "&")
    let data = try await request("v1/sessions", query: queryText, method: "GET", body: nil)
    guard case .array(let objects) = try? JSONValue(parsing: String(decoding: data, as: UTF8.self))
    else {
      throw RKDebugError(
        "the collector at \(baseURL.absoluteString) answered a list of sessions that is not one")
    }
    return try objects.map { try Self.session(from: $0) }
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

  /// `text` with everything but unreserved characters percent-escaped.
  private static func escaped(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  private func request(
    _ path: String, query: String = "", method: String, body: Data?
  ) async throws -> Data {
    guard let url = URL(string: baseURL.appendingPathComponent(path).absoluteString + query)
    else { throw RKDebugError("cannot make a request URL from \(baseURL.absoluteString)") }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    if body != nil { request.setValue("application/x-ndjson", forHTTPHeaderField: "Content-Type") }
    var delay = 0.2
    for attempt in 1...attempts {
      do {
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        if (200..<300).contains(status) { return data }
        let message =
          ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["error"] as? String
          ?? "HTTP \(status)"
        if status >= 500, attempt < attempts {
          try await Task.sleep(for: .seconds(delay))
          delay = min(2, delay * 2)
          continue
        }
        throw RKDebugError(
          "the collector at \(baseURL.absoluteString) answered \(status): \(message)")
      } catch is URLError where attempt < attempts {
        try await Task.sleep(for: .seconds(delay))
        delay = min(2, delay * 2)
      } catch let error as URLError {
        throw RKDebugError(
          "cannot reach the collector at \(baseURL.absoluteString): \(error.localizedDescription)")
      }
    }
    throw RKDebugError("cannot reach the collector at \(baseURL.absoluteString)")
  }
}
