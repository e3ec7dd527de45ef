import Foundation
import ReducerKitTestSupport
import Testing

/// `rkdebug serve`, `push` and `pull` through the built executable, against a real PostgreSQL
/// server (scripts/postgres-test-cluster.sh; under CI these tests fail without one).
@Suite struct ServeCommandTests {
  static let pushToken = "push-only-0123456789abcdef"
  static let readToken = "read-only-0123456789abcdef"
  static let bothToken = "read-push-0123456789abcdef"

  /// A collector on a new database, with a tokens file of the three tokens above, and a copy
  /// of the recorded Library fixture (352 actions, 84 effects: pushes, pops, a sheet, alerts).
  struct Collector {
    let directory: TemporaryDirectory
    let server: RKDebugProcess.Running
    let url: String
    let port: Int
    let log: String

    init?(extraArguments: [String] = [], _ comment: String = #function) async throws {
      guard let database = try await TestDatabase.url(comment) else { return nil }
      directory = try TemporaryDirectory()
      let tokens = try directory.write(
        """
        # apps and CI
        push \(ServeCommandTests.pushToken)
        read \(ServeCommandTests.readToken)
        read,push \(ServeCommandTests.bothToken)
        """, to: "tokens")
      log = directory.path("library.sqlite")
      let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ReducerKitSamplesTests/Fixtures/library.sqlite")
      try FileManager.default.copyItem(atPath: fixture.path, toPath: log)
      server = try RKDebugProcess.start(
        ["serve", "--database", database, "--tokens", tokens] + extraArguments)
      let line = try UICommandTests.firstLine(of: server)
      let url = try #require(line.split(separator: " ").last.map(String.init))
      #expect(line == "rkdebug serve: collecting at \(url)")
      self.url = url
      port = try #require(URL(string: url)?.port)
    }

    /// `rkdebug ARGUMENTS` with `token` in `$RKDEBUG_TOKEN`.
    func run(_ arguments: [String], token: String) throws -> ProcessResult {
      try RKDebugProcess.run(arguments, environment: ["RKDEBUG_TOKEN": token])
    }

    /// A raw HTTP exchange: the status line's code and the body.
    func request(
      _ method: String, _ path: String, token: String?, body: String = ""
    ) async throws -> (status: Int, body: String) {
      var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
      if let token { request += "Authorization: Bearer \(token)\r\n" }
      request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
      let answer = try await RawHTTP.exchange(port: port, request: request)
      let status = Int(answer.split(separator: " ", maxSplits: 2)[1]) ?? 0
      let payload = answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
      return (status, payload)
    }
  }

  @Test func aPushedSessionPullsBackByteIdenticalAndAPushAgainStoresNothing() async throws {
    guard let collector = try await Collector() else { return }
    defer { collector.server.process.terminate() }
    let before = try FileFingerprint(path: collector.log)

    // Eight batches of 50 actions.
    let push = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url, "--batch", "50"],
      token: Self.pushToken)
    #expect(push.status == 0, "\(push.stderr)")
    #expect(
      push.stdout
        == "pushed session 1 (F70B64A5-B296-4A05-B37D-2F275D148EDA): 352 actions, 352 new to "
        + "the collector\n")
    let again = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url, "--all"], token: Self.bothToken)
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.hasSuffix(": 352 actions, 0 new to the collector\n"))
    #expect(try FileFingerprint(path: collector.log) == before)

    let pulled = collector.directory.path("pulled.sqlite")
    let pull = try collector.run(
      ["pull", "--db", pulled, collector.url, "F70B64A5-B296-4A05-B37D-2F275D148EDA"],
      token: Self.readToken)
    #expect(pull.status == 0, "\(pull.stderr)")
    #expect(pull.stdout == "1\n")
    let original = try RKDebugProcess.run(["export", "--db", collector.log])
    let copy = try RKDebugProcess.run(["export", "--db", pulled])
    #expect(original.status == 0 && copy.status == 0)
    #expect(original.stdout.utf8.count > 100_000)
    #expect(copy.stdout == original.stdout)
  }

  @Test func noRouteAnswersWithoutATokenOrWithoutItsScope() async throws {
    guard let collector = try await Collector() else { return }
    defer { collector.server.process.terminate() }
    let routes = [
      ("POST", "/v1/batches"), ("GET", "/v1/sessions"),
      ("GET", "/v1/sessions/F70B64A5-B296-4A05-B37D-2F275D148EDA/export"),
    ]
    for (method, path) in routes {
      for token in [nil, "", "not-a-listed-token-at-all", Self.pushToken + "x"] {
        let answer = try await collector.request(method, path, token: token)
        #expect(answer.status == 401, "\(method) \(path) with \(token ?? "no token")")
        #expect(answer.body == #"{"error":"unauthorized"}"#)
      }
    }
    for (method, path) in routes.dropFirst() {
      let answer = try await collector.request(method, path, token: Self.pushToken)
      #expect(answer.status == 403, "\(method) \(path)")
      #expect(answer.body == #"{"error":"forbidden"}"#)
    }
    let read = try await collector.request("POST", "/v1/batches", token: Self.readToken)
    #expect(read.status == 403)
    let pull = try collector.run(
      [
        "pull", "--db", collector.directory.path("p.sqlite"), collector.url,
        "F70B64A5-B296-4A05-B37D-2F275D148EDA",
      ], token: Self.pushToken)
    #expect(pull.status == 1)
    #expect(
      pull.stderrLines == [
        "rkdebug: error: the collector at \(collector.url) answered 403: forbidden"
      ])
    #expect(!FileManager.default.fileExists(atPath: collector.directory.path("p.sqlite")))
  }

  @Test func aLyingMalformedOrOversizedBatchStoresNothing() async throws {
    guard let collector = try await Collector(extraArguments: ["--max-batch-bytes", "200000"])
    else { return }
    defer { collector.server.process.terminate() }
    let export = try RKDebugProcess.run(["export", "--db", collector.log])
    let lines = export.stdout.split(separator: "\n").map(String.init)
    // Action 3 sets the new book's author, which was empty: claim it overwrote another.
    let header = lines[0]
    let firstActions = lines[1..<20].joined(separator: "\n")
    let lying = firstActions.replacingOccurrences(
      of: #"{"old":"","op":"replace","path":"/addBook/book/author""#,
      with: #"{"old":"Ursula K. Le Guin","op":"replace","path":"/addBook/book/author""#)
    #expect(lying != firstActions)
    let refused = try await collector.request(
      "POST", "/v1/batches", token: Self.pushToken, body: header + "\n" + lying + "\n")
    #expect(refused.status == 422)
    #expect(refused.body.hasPrefix(#"{"error":"session F70B64A5-B296-4A05-B37D-2F275D148EDA: "#))
    #expect(refused.body.hasSuffix(#"nothing of the batch was stored"}"#))

    let malformed = try await collector.request(
      "POST", "/v1/batches", token: Self.pushToken, body: "{\"type\":\"session\"}\n")
    #expect(malformed.status == 400)
    #expect(malformed.body.hasPrefix(#"{"error":"line 1 of batch: "#))

    let huge = String(repeating: "x", count: 300_000)
    let tooLarge = try await collector.request(
      "POST", "/v1/batches", token: Self.pushToken, body: header + "\n" + huge + "\n")
    #expect(tooLarge.status == 413)
    #expect(
      tooLarge.body
        == #"{"error":"the batch is larger than 200000 bytes; send fewer actions at a time"}"#)

    let sessions = try await collector.request("GET", "/v1/sessions", token: Self.readToken)
    #expect(sessions.status == 200)
    #expect(sessions.body == "[]")
  }

  @Test func aCollectorNeedsADatabaseAndTokensThatProtect() async throws {
    let directory = try TemporaryDirectory()
    let noTokens = try RKDebugProcess.run(
      ["serve", "--database", "postgres://postgres@127.0.0.1:1/x"],
      unsetting: ["RKDEBUG_COLLECTOR_TOKENS"])
    #expect(noTokens.status == 1)
    #expect(
      noTokens.stderrLines == [
        "rkdebug: error: name the file of tokens with --tokens FILE (or "
          + "$RKDEBUG_COLLECTOR_TOKENS): a collector answers no request without a token"
      ])
    let short = try directory.write("push short\n", to: "tokens")
    let weak = try RKDebugProcess.run(
      ["serve", "--database", "postgres://postgres@127.0.0.1:1/x", "--tokens", short])
    #expect(
      weak.stderrLines == ["rkdebug: error: \(short):1: a token needs at least 16 characters"])
    let scope = try directory.write("write 0123456789abcdef0123\n", to: "scopes")
    let unknown = try RKDebugProcess.run(
      ["serve", "--database", "postgres://postgres@127.0.0.1:1/x", "--tokens", scope])
    #expect(
      unknown.stderrLines == [
        "rkdebug: error: \(scope):1: unknown scope 'write'; use push, read or push,read"
      ])
    let noToken = try RKDebugProcess.run(
      ["push", "--to", "http://127.0.0.1:1"], unsetting: ["RKDEBUG_TOKEN"])
    #expect(
      noToken.stderrLines == [
        "rkdebug: error: give the collector's token in $RKDEBUG_TOKEN or with --token-file FILE"
      ])
  }
}
