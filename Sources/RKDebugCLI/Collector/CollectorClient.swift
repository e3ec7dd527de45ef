import Foundation

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
  /// Attempts of a request that failed for the network or a 5xx before giving up: about 10 s
  /// of waits, long enough for a collector or its database to restart.
  var attempts = 8

  init(url: String, tokenFile: String?) throws {
    guard let baseURL = URL(string: url), ["http", "https"].contains(baseURL.scheme),
      baseURL.host != nil
    else {
      throw RKDebugError("'\(url)' is not a collector URL (http://HOST:PORT of 'rkdebug serve')")
    }
    self.baseURL = baseURL
    if let tokenFile {
      guard let text = try? String(contentsOfFile: tokenFile, encoding: .utf8) else {
        throw RKDebugError("cannot read the token file \(tokenFile)")
      }
      token = text.trimmingCharacters(in: .whitespacesAndNewlines)
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

  /// The uuids of the collector's sessions.
  func sessionUUIDs() async throws -> [String] {
    let data = try await request("v1/sessions", method: "GET", body: nil)
    return (try? JSONSerialization.jsonObject(with: data)) as? [String] ?? []
  }

  private func request(_ path: String, method: String, body: Data?) async throws -> Data {
    var request = URLRequest(url: baseURL.appendingPathComponent(path))
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
