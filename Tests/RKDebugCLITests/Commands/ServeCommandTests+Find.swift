import Foundation
import Testing

/// `find --all-sessions --db URL`, which the collector runs over its own sessions.
extension ServeCommandTests {
  @Test(arguments: Collector.Storage.allCases)
  func aSearchAcrossTheCollectorsSessionsAnswersAsTheSameSearchOfALog(storage: Collector.Storage)
    async throws
  {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    // The library fixture and the todos fixture, pushed in that order (collector ids 1 and
    // 2), and imported in that order into one log (local ids 1 and 2).
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ReducerKitSamplesTests/Fixtures")
    let todos = collector.directory.path("todos.sqlite")
    try FileManager.default.copyItem(
      atPath: fixtures.appendingPathComponent("todos.sqlite").path, toPath: todos)
    let both = collector.directory.path("both.sqlite")
    for log in [collector.log, todos] {
      let push = try collector.run(
        ["push", "--db", log, "--to", collector.url], token: Self.pushToken)
      #expect(push.status == 0, "\(push.stderr)")
      let export = try RKDebugProcess.run(["export", "--db", log])
      let imported = try RKDebugProcess.run(["import", "--db", both, "-"], stdin: export.stdout)
      #expect(imported.status == 0, "\(imported.stderr)")
    }
    let cache = try TemporaryDirectory()
    let predicate = "todos.count >= 8 || books[0].isFavorite"
    for options in [
      [], ["--json"], ["--first"], ["--last", "--json"], ["--feature", "todos"],
      ["--first", "--json", "--feature", "library"],
    ] {
      let arguments = ["find", "--all-sessions", "--where", predicate] + options
      let remote = try Self.read(arguments + ["--db", collector.url], cache: cache)
      let local = try RKDebugProcess.run(arguments + ["--db", both])
      #expect(remote.status == 0 && local.status == 0, "\(options): \(remote.stderr)")
      #expect(remote.stdout.split(separator: "\n").count >= 1, "\(options)")
      #expect(remote.stdout == local.stdout, "\(options)")
    }
    // Both sessions hold it somewhere, each in ranges of its own.
    let lines = try Self.read(
      ["find", "--all-sessions", "--where", predicate, "--db", collector.url], cache: cache
    ).stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("session 1 (library): ") == true)
    #expect(lines.last?.hasPrefix("session 2 (todos): ") == true)

    // Nowhere: the same line and status as on a log.
    let nowhere = ["find", "--all-sessions", "--where", "todos.count > 1000000"]
    let remote = try Self.read(nowhere + ["--db", collector.url], cache: cache)
    let local = try RKDebugProcess.run(nowhere + ["--db", both])
    #expect(remote.status == 1 && local.status == 1)
    #expect(remote.stdout == "todos.count > 1000000 holds in no session of 2 searched\n")
    #expect(remote.stdout == local.stdout)

    // A predicate that fails on a session's state fails the search, naming the session.
    let failing = try Self.read(
      ["find", "--all-sessions", "--where", "books[0].title > 3", "--db", collector.url],
      cache: cache)
    let failingLocally = try RKDebugProcess.run(
      ["find", "--all-sessions", "--where", "books[0].title > 3", "--db", both])
    #expect(failing.status == 1)
    #expect(failing.stderrLines.count == 1)
    #expect(failing.stderr.contains("session 1: "), "\(failing.stderr)")
    #expect(
      failing.stderr.hasSuffix(
        failingLocally.stderr.split(separator: "session 1: ").last
          .map(String.init) ?? "?"), "\(failing.stderr) \(failingLocally.stderr)")

    // A failure in the second session comes after the first session's answer, as on a log.
    let later = ["find", "--all-sessions", "--where", "books.count > 2 || filter > 3"]
    let failingLater = try Self.read(later + ["--db", collector.url], cache: cache)
    let failingLaterLocally = try RKDebugProcess.run(later + ["--db", both])
    #expect(failingLater.status == 1 && failingLaterLocally.status == 1)
    #expect(failingLater.stdout == "session 1 (library): 0…352\n")
    #expect(failingLater.stdout == failingLaterLocally.stdout)
    #expect(failingLater.stderr.contains("session 2: "), "\(failingLater.stderr)")
    #expect(
      failingLater.stderr.hasSuffix(
        "cannot order a string and a number; it orders numbers with "
          + "numbers and strings with strings\n"), "\(failingLater.stderr)")

    // The route itself: a read token, a predicate, a known mode.
    for (path, status) in [
      ("/v1/find", 400), ("/v1/find?where=todos.count%20%3E", 400),
      ("/v1/find?where=count&mode=every", 400), ("/v1/find?where=count", 200),
    ] {
      let answer = try await collector.request("GET", path, token: Self.readToken)
      #expect(answer.status == status, "\(path): \(answer.body)")
    }
    // JSON Lines as the search goes: the count searched first, the end last.
    let streamed = try await collector.request(
      "GET", "/v1/find?where=todos.count%20%3E%3D%208&mode=first", token: Self.readToken)
    #expect(streamed.body.contains(#"{"searched":2}"#), "\(streamed.body)")
    #expect(streamed.body.contains(#""index":"#), "\(streamed.body)")
    #expect(streamed.body.contains(#"{"end":true}"#), "\(streamed.body)")
    let pushOnly = try await collector.request(
      "GET", "/v1/find?where=count", token: Self.pushToken)
    #expect(pushOnly.status == 403)
    let anonymous = try await collector.request("GET", "/v1/find?where=count", token: nil)
    #expect(anonymous.status == 401)
    // The search reads the collector and nothing else: the cache folder stays empty.
    #expect(try FileManager.default.contentsOfDirectory(atPath: cache.url.path).isEmpty)
  }
}
