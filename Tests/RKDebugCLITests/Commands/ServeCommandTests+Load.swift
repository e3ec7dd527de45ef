import Foundation
import ReducerKitDebug
import ReducerKitTestSupport
import Testing

/// Many uploads at once, read while they arrive (issue 30's first "done when").
extension ServeCommandTests {
  static let uploaders = 20

  @Test func twentyUploadsAtOnceWhileReadersSearchArriveWhole() async throws {
    guard let collector = try await Collector() else { return }
    defer { collector.server.process.terminate() }
    let directory = collector.directory
    // Twenty sessions of about 10,000 actions each (7,300 random ones and what their effects
    // send), recorded two at a time, one log each.
    let logs = (1...Self.uploaders).map { directory.path("upload-\($0).sqlite") }
    for pair in Array(logs.enumerated()).chunked(2) {
      let recorders = try pair.map { seed, log in
        try RKDebugProcess.start(
          [
            "record", "--feature", "todos", "--random", "7300", "--seed", String(seed + 1), "--db",
            log,
          ])
      }
      for recorder in recorders {
        let recorded = try recorder.wait()
        try #require(recorded.status == 0, "\(recorded.stderr)")
      }
    }
    var uuids: [String] = []
    for log in logs {
      let session = try #require(try ActionLog.readOnly(path: log).sessions().first)
      #expect(session.actionCount >= 10_000, "\(log): \(session.actionCount) actions")
      uuids.append(session.uuid)
    }

    // The uploads, all at once, in batches of 500; two readers search while they arrive.
    let uploads = try logs.map { log in
      try RKDebugProcess.start(
        ["push", "--db", log, "--to", collector.url, "--batch", "500"],
        environment: ["RKDEBUG_TOKEN": Self.pushToken])
    }
    let cache = try TemporaryDirectory()
    let predicate = "todos.count >= 5 && todos[0].isComplete"
    // Two readers while the uploads arrive: each copies every session stored so far into the
    // cache (again when it has grown) and searches them all.
    #expect(uploads.contains { $0.process.isRunning }, "the uploads ended before the readers")
    let readers = try (0..<2).map { _ in
      try RKDebugProcess.start(
        ["find", "--all-sessions", "--db", collector.url, "--where", predicate, "--json"],
        environment: ["RKDEBUG_TOKEN": Self.readToken, "RKDEBUG_CACHE_DIR": cache.url.path])
    }
    for reader in readers {
      let found = try reader.wait()
      // 1: no session stored yet holds it; anything else is a failure.
      #expect(found.status == 0 || found.status == 1, "\(found.stderr)")
      #expect(found.stderr.isEmpty)
    }
    for upload in uploads {
      let pushed = try upload.wait()
      #expect(pushed.status == 0, "\(pushed.stderr)")
      #expect(pushed.stdout.contains(" new to the collector"))
    }

    // Every session arrived whole: a search across them answers what a search of each log
    // answers, and each exports from the collector byte for byte as from its log.
    var expected: [String: JSONValue] = [:]
    for (log, uuid) in zip(logs, uuids) {
      let ranges = try RKDebugProcess.run(["find", "--db", log, "--where", predicate, "--json"])
      let lines = try ranges.stdout.split(separator: "\n").map {
        try JSONValue(parsing: String($0))
      }
      if !lines.isEmpty { expected[uuid] = .array(lines) }
    }
    #expect(expected.count >= 2)
    let across = try Self.read(
      ["find", "--all-sessions", "--db", collector.url, "--where", predicate, "--json"],
      cache: cache)
    var found: [String: JSONValue] = [:]
    for line in across.stdout.split(separator: "\n") {
      let answer = try JSONValue(parsing: String(line))
      found[answer["uuid"]?.stringValue ?? ""] = answer["ranges"]
    }
    #expect(found == expected)
    for (log, uuid) in zip(logs, uuids) {
      let remote = try await collector.request(
        "GET", "/v1/sessions/\(uuid)/export", token: Self.readToken)
      let local = try RKDebugProcess.run(["export", "--db", log])
      #expect(remote.status == 200)
      #expect(remote.body == local.stdout, "\(uuid)")
    }
  }
}

extension Array {
  /// The array in consecutive pieces of at most `size` elements.
  fileprivate func chunked(_ size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
  }
}
