import Foundation
import ReducerKitTestSupport
import Testing

/// The read commands with `--db URL`: a collector's sessions, read through the cache log.
extension ServeCommandTests {
  /// `rkdebug ARGUMENTS` with the read token and a cache folder of the test's own.
  static func read(_ arguments: [String], cache: TemporaryDirectory, token: String = readToken)
    throws -> ProcessResult
  {
    try RKDebugProcess.run(
      arguments, environment: ["RKDEBUG_TOKEN": token, "RKDEBUG_CACHE_DIR": cache.url.path])
  }

  @Test(arguments: Collector.Storage.allCases)
  func everyReadCommandReadsACollectorsSessionAsTheLogItCameFrom(storage: Collector.Storage)
    async throws
  {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let todos = collector.directory.path("todos.sqlite")
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ReducerKitSamplesTests/Fixtures")
    try FileManager.default.copyItem(
      atPath: fixtures.appendingPathComponent("todos.sqlite").path, toPath: todos)
    for log in [collector.log, todos] {
      let push = try collector.run(
        ["push", "--db", log, "--to", collector.url], token: Self.pushToken)
      #expect(push.status == 0, "\(push.stderr)")
    }
    let cache = try TemporaryDirectory()
    let url = collector.url

    let sessions = try Self.read(["sessions", "--db", url], cache: cache)
    #expect(sessions.status == 0, "\(sessions.stderr)")
    let lines = sessions.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix(" 1  library  "))
    #expect(lines[2].hasPrefix(" 2  todos    "))
    let filtered = try Self.read(
      ["sessions", "--db", url, "--failed", "--since", "2026-11-26T00:00:00Z", "--json"],
      cache: cache)
    #expect(filtered.stdout.split(separator: "\n").count == 1)
    #expect(filtered.stdout.contains(#""uuid":"F70B64A5-B296-4A05-B37D-2F275D148EDA""#))
    let none = try Self.read(["sessions", "--db", url, "--feature", "nope"], cache: cache)
    #expect(none.stdout == "(no session in \(url) matches the filters)\n")

    // Session 2 of the collector is the todos fixture: every read prints what it prints
    // there (replay and find name the session by its id, 2 here and 1 there).
    for command in [
      ["export"], ["log", "--tree"], ["changes", "--from", "3", "--to", "9"],
      ["state", "--at", "120", "--json"], ["diff", "--from", "10", "--to", "200"],
      ["history", "--path", "todos[0].title"], ["find", "--where", "todos.count >= 8"],
      ["bisect", "--where", "todos.count >= 8"],
    ] {
      let remote = try Self.read(command + ["--db", url, "--session", "2"], cache: cache)
      let local = try RKDebugProcess.run(command + ["--db", todos])
      #expect(remote.status == 0 && local.status == 0, "\(command): \(remote.stderr)")
      #expect(!remote.stdout.isEmpty, "\(command)")
      #expect(remote.stdout == local.stdout, "\(command)")
    }
    let replay = try Self.read(["replay", "--db", url, "--session", "2"], cache: cache)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.hasPrefix("replayed actions 1...407 of session 2 ('todos'): every "))
    // Without --session: the collector's newest.
    let newest = try Self.read(["log", "--db", url, "--to", "1"], cache: cache)
    #expect(newest.stdout == "1  send  Todos.Action.addTodoButtonTapped\n")

    let across = try Self.read(
      ["find", "--all-sessions", "--db", url, "--where", "todos.count >= 8"], cache: cache)
    let alone = try RKDebugProcess.run(["find", "--db", todos, "--where", "todos.count >= 8"])
    #expect(across.status == 0, "\(across.stderr)")
    #expect(
      across.stdout
        == "session 2 (todos): "
        + alone.stdout.split(separator: "\n").joined(separator: ", ") + "\n")
  }

  @Test(arguments: Collector.Storage.allCases)
  func aSessionThatGrewOnTheCollectorIsReadAgain(storage: Collector.Storage) async throws {
    guard let collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let cache = try TemporaryDirectory()
    let export = try RKDebugProcess.run(["export", "--db", collector.log])
    let lines = export.stdout.split(separator: "\n")
    let end = try #require(
      lines.firstIndex { $0.hasPrefix(#"{"durationNanos":"#) && $0.contains(#""index":41,"#) })
    let prefix = try await collector.request(
      "POST", "/v1/batches", token: Self.pushToken,
      body: lines[..<end].joined(separator: "\n") + "\n")
    #expect(prefix.status == 200, "\(prefix.body)")
    let early = try Self.read(["log", "--db", collector.url, "--from", "40"], cache: cache)
    #expect(early.status == 0, "\(early.stderr)")
    #expect(early.stdout.hasPrefix("40  "))
    #expect(early.stdout.split(separator: "\n").count == 1)

    let push = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url], token: Self.pushToken)
    #expect(push.stdout.hasSuffix(": 352 actions, 312 new to the collector\n"))
    let late = try Self.read(["log", "--db", collector.url, "--from", "40"], cache: cache)
    #expect(late.stdout.split(separator: "\n").count == 313)
    let whole = try Self.read(["export", "--db", collector.url], cache: cache)
    #expect(whole.stdout == export.stdout)
  }

  @Test func readsNeedTheReadScopeAndCommandsThatWriteNeedAFile() async throws {
    guard let collector = try await Collector() else { return }
    defer { collector.server.process.terminate() }
    let cache = try TemporaryDirectory()
    let url = collector.url
    for command in [["sessions"], ["log"], ["find", "--all-sessions", "--where", "count"]] {
      let refused = try Self.read(command + ["--db", url], cache: cache, token: Self.pushToken)
      #expect(refused.status == 1)
      #expect(refused.stderr == "rkdebug: error: the collector at \(url) answered 403: forbidden\n")
    }
    for (query, message) in [
      ("since=yesterday", "since must be Unix seconds"),
      ("until=nan", "until must be Unix seconds"),
      ("failed=maybe", "failed must be true or false"),
      ("metadata=host", "metadata must be key=value"),
    ] {
      let answer = try await collector.request(
        "GET", "/v1/sessions?\(query)", token: Self.readToken)
      #expect(answer.status == 400, "\(query)")
      #expect(answer.body == #"{"error":"\#(message)"}"#, "\(query)")
    }
    let empty = try Self.read(["log", "--db", url], cache: cache)
    #expect(empty.stderr == "rkdebug: error: the collector at \(url) has no sessions\n")
    for (command, name) in [
      (["record", "--feature", "counter", "--random", "3"], "record"),
      (["log", "--follow"], "--follow"), (["demo"], "demo"),
    ] {
      let refused = try Self.read(command + ["--db", url], cache: cache)
      #expect(refused.status == 1, "\(command)")
      #expect(
        refused.stderr
          == "rkdebug: error: \(name) works on a log file, not on the collector at \(url); "
          + "'rkdebug pull' copies a session into a log file\n")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: cache.url.path).allSatisfy {
        $0.hasPrefix("collector-http-127.0.0.1-")
      })
  }
}
