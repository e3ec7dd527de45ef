import Foundation
import ReducerKitDebug

/// The local copy of a collector's sessions that the read commands use with `--db URL`: a log
/// in the cache folder holding each session read so far under the collector's own id; an ended
/// session is fetched once, one still recording every time it is read (docs/collector.md).
///
/// The collector is only read; the cache log is the one file a read command writes, and any
/// session in it can be dropped and fetched again.
struct CollectorReplica {
  let client: any CollectorReading
  /// The cache log's path.
  let path: String

  /// The replica of the collector at `url`, with the token of `$RKDEBUG_TOKEN`.
  init(url: String) throws {
    client = try TeamCommands.collector(at: url)
    path = try Self.cachePath(for: client.baseURL)
  }

  /// The collector's sessions that `query` keeps, oldest first, with the collector's ids.
  func sessions(matching query: SessionQuery = SessionQuery()) async throws -> [LoggedSession] {
    try await client.sessions(matching: query)
  }

  /// Opens the cache log read-only once it holds the collector's current copy of `sessions`
  /// (each fetched unless the cache holds it ended), and with no session the collector no
  /// longer lists under the same id (`all` is every session the collector lists).
  func log(holding sessions: [LoggedSession], all: [LoggedSession]) async throws -> ActionLog {
    let cache = try ActionLog(path: path)
    do {
      let current = Dictionary(all.map { ($0.id, $0.uuid) }) { first, _ in first }
      for cached in try cache.sessions() where current[cached.id] != cached.uuid {
        try cache.removeSession(id: cached.id)
      }
      let cached = Dictionary(try cache.sessions().map { ($0.id, $0) }) { first, _ in first }
      for session in sessions {
        // An ended session changes no more. One still recording is fetched every time: an
        // effect that ended since changes no count the listing shows.
        if let copy = cached[session.id], copy.endedAt != nil, session.endedAt != nil,
          copy.actionCount == session.actionCount, copy.effectCount == session.effectCount
        {
          continue
        }
        if cached[session.id] != nil { try cache.removeSession(id: session.id) }
        let text = String(decoding: try await client.export(of: session.uuid), as: UTF8.self)
        let reader = ExportFormat.Reader(
          source: "the collector's session \(session.uuid)", text: text)
        let header = try reader.session()
        do {
          try cache.importSession(header, items: { try reader.next() }, id: session.id)
        } catch LogError.sessionAlreadyInLog(_, let id) where id == session.id {
          // Another rkdebug process read the same session into the cache meanwhile.
        }
      }
      try cache.close()
    } catch {
      try? cache.close()
      throw error
    }
    return try ActionLog.readOnly(path: path)
  }

  /// Opens the cache log holding the session `id` of the collector (its newest when `nil`).
  func log(session id: Int64?) async throws -> ActionLog {
    let all = try await sessions()
    guard let session = id.map({ id in all.first { $0.id == id } }) ?? all.last else {
      if let id {
        throw RKDebugError(
          "the collector at \(client.baseURL.absoluteString) has no session \(id); "
            + "'rkdebug sessions --db \(client.baseURL.absoluteString)' lists its sessions")
      }
      throw RKDebugError("the collector at \(client.baseURL.absoluteString) has no sessions")
    }
    return try await log(holding: [session], all: all)
  }

  /// `$RKDEBUG_CACHE_DIR`, else `$XDG_CACHE_HOME/rkdebug`, else `~/.cache/rkdebug`, and in it
  /// one log per collector, named after its URL (`collector-http-127.0.0.1-8080.sqlite`).
  static func cachePath(for url: URL) throws -> String {
    let environment = ProcessInfo.processInfo.environment
    let folder: URL
    if let path = environment["RKDEBUG_CACHE_DIR"], !path.isEmpty {
      folder = URL(fileURLWithPath: path)
    } else if let path = environment["XDG_CACHE_HOME"], !path.isEmpty {
      folder = URL(fileURLWithPath: path).appendingPathComponent("rkdebug")
    } else {
      folder = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".cache/rkdebug")
    }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw RKDebugError(
        "cannot create the cache folder \(folder.path) for the collector's sessions; "
          + "set RKDEBUG_CACHE_DIR to a folder you can write")
    }
    var parts: [String] = [url.scheme ?? "http", url.host ?? "", url.port.map { String($0) } ?? ""]
    if !url.path.isEmpty, url.path != "/" { parts.append(url.path) }
    var name = ""
    for character in parts.joined(separator: "-").prefix(200) {
      let kept = character.isASCII && (character.isLetter || character.isNumber)
      name.append(kept || character == "." || character == "-" ? character : "_")
    }
    return folder.appendingPathComponent("collector-\(name).sqlite").path
  }
}
