import Foundation
import RKDebugCollectorTestSupport
import ReducerKitTestSupport
import Testing

/// `rkdebug serve`, `push` and `pull` through the built executable, against a real PostgreSQL
/// server (scripts/postgres-test-cluster.sh; under CI these tests fail without one) and, where
/// a test takes a ``Collector/Storage``, also with the sessions in a log file.
@Suite(.serialized) struct ServeCommandTests {
  static let pushToken = "push-only-0123456789abcdef"
  static let readToken = "read-only-0123456789abcdef"
  static let bothToken = "read-push-0123456789abcdef"

  /// A collector on a new database, with a tokens file of the three tokens above, and a copy
  /// of the recorded Library fixture (352 actions, 84 effects: pushes, pops, a sheet, alerts).
  struct Collector {
    let directory: TemporaryDirectory
    var server: RKDebugProcess.Running
    let url: String
    let port: Int
    let log: String

    /// The PostgreSQL database's URL, or the path of the log file the collector keeps.
    let database: String
    let tokens: String

    /// Where a collector keeps sessions: a PostgreSQL database, or a log file (no database).
    enum Storage: String, CaseIterable, CustomTestStringConvertible {
      case postgres
      case log
      var testDescription: String { rawValue }
    }

    init?(
      storage: Storage = .postgres, database: String? = nil, fixture: String = "library",
      extraArguments: [String] = [], _ comment: String = #function
    ) async throws {
      directory = try TemporaryDirectory()
      var database = database
      if database == nil {
        database =
          switch storage {
          case .postgres: try await TestDatabase.url(comment)
          case .log: directory.path("collected.sqlite")
          }
      }
      guard let database else { return nil }
      self.database = database
      tokens = try directory.write(
        """
        # apps and CI
        push \(ServeCommandTests.pushToken)
        read \(ServeCommandTests.readToken)
        read,push \(ServeCommandTests.bothToken)
        """, to: "tokens")
      log = directory.path("\(fixture).sqlite")
      let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ReducerKitSamplesTests/Fixtures")
      try FileManager.default.copyItem(
        atPath: fixtures.appendingPathComponent("\(fixture).sqlite").path, toPath: log)
      (server, url, port) = try Self.serve(
        database: database, tokens: tokens, port: 0, extraArguments: extraArguments)
    }

    /// Starts `rkdebug serve` and waits for the URL it prints.
    static func serve(
      database: String, tokens: String, port: Int, extraArguments: [String] = []
    ) throws -> (RKDebugProcess.Running, String, Int) {
      let store =
        database.hasPrefix("postgres://") ? ["--database", database] : ["--db", database]
      let server = try RKDebugProcess.start(
        ["serve"] + store + ["--tokens", tokens, "--port", String(port)] + extraArguments)
      let line = try UICommandTests.firstLine(of: server)
      let url = try #require(line.split(separator: " ").last.map(String.init))
      #expect(line == "rkdebug serve: collecting at \(url)")
      return (server, url, try #require(URL(string: url)?.port))
    }

    /// Stores the first 100 actions of the fixture's session (and their effects) through a
    /// raw batch: an upload that stopped half way.
    func storeTheFirstHundredActions() async throws {
      let export = try RKDebugProcess.run(["export", "--db", log])
      let lines = export.stdout.split(separator: "\n", omittingEmptySubsequences: true)
      // The session line, then every line before action 101's (each action's effects follow it).
      let end = try #require(
        lines.firstIndex { $0.hasPrefix(#"{"durationNanos":"#) && $0.contains(#""index":101,"#) })
      let prefix = try await request(
        "POST", "/v1/batches", token: ServeCommandTests.pushToken,
        body: lines[..<end].joined(separator: "\n") + "\n")
      #expect(prefix.status == 200, "\(prefix.body)")
      #expect(prefix.body.contains(#""storedActions":100"#), "\(prefix.body)")
    }

    /// Leaves an upload half done, deterministically: the collector stores the first 100
    /// actions of the fixture's session, is stopped (SIGSTOP), and `rkdebug push --batch 2` of
    /// the whole session starts against it. The push cannot finish until the collector runs.
    func startPushAgainstAStoppedCollector() async throws -> RKDebugProcess.Running {
      try await storeTheFirstHundredActions()
      kill(server.process.processIdentifier, SIGSTOP)
      let push = try RKDebugProcess.start(
        ["push", "--db", log, "--to", url, "--batch", "2"],
        environment: ["RKDEBUG_TOKEN": ServeCommandTests.pushToken])
      // Time for the push to connect and send its first batch, which waits for an answer.
      try await Task.sleep(for: .milliseconds(300))
      return push
    }

    /// Whether the collector's export of the session `uuid` is the export of its original in
    /// `log` (the fixture's copy by default), byte for byte, read through `pull` into a new
    /// log.
    func pulledExportIsTheOriginal(uuid: String, log: String? = nil) throws -> Bool {
      let pulled = directory.path("pulled-\(UUID().uuidString).sqlite")
      let pull = try run(["pull", "--db", pulled, url, uuid], token: ServeCommandTests.readToken)
      guard pull.status == 0 else { return false }
      let original = try RKDebugProcess.run(["export", "--db", log ?? self.log])
      let copy = try RKDebugProcess.run(["export", "--db", pulled])
      return original.status == 0 && !original.stdout.isEmpty && copy.stdout == original.stdout
    }

    /// `rkdebug ARGUMENTS` with `token` in `$RKDEBUG_TOKEN`.
    func run(_ arguments: [String], token: String) throws -> ProcessResult {
      try RKDebugProcess.run(arguments, environment: ["RKDEBUG_TOKEN": token])
    }

    /// A raw HTTP exchange: the status line's code and the body.
    func request(
      _ method: String, _ path: String, token: String?, scheme: String = "Bearer",
      body: String = ""
    ) async throws -> (status: Int, body: String) {
      try await Self.request(method, path, port: port, token: token, scheme: scheme, body: body)
    }

    /// A raw HTTP exchange with the collector on `port`.
    static func request(
      _ method: String, _ path: String, port: Int, token: String?, scheme: String = "Bearer",
      body: String = ""
    ) async throws -> (status: Int, body: String) {
      var request = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
      if let token { request += "Authorization: \(scheme) \(token)\r\n" }
      request += "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
      let answer = try await RawHTTP.exchange(port: port, request: request)
      let status = Int(answer.split(separator: " ", maxSplits: 2)[1]) ?? 0
      let payload = answer.range(of: "\r\n\r\n").map { String(answer[$0.upperBound...]) } ?? ""
      return (status, payload)
    }
  }

  @Test(arguments: Collector.Storage.allCases)
  func aPushedSessionPullsBackByteIdenticalAndAPushAgainStoresNothing(storage: Collector.Storage)
    async throws
  {
    guard let collector = try await Collector(storage: storage) else { return }
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

  /// Without a database, `serve` keeps sessions in a log file of the usual format: every
  /// command reads what it collected by the file's path, with no collector in between.
  @Test func withoutADatabaseTheCollectorKeepsSessionsInALogThatEveryCommandReads()
    async throws
  {
    guard let collector = try await Collector(storage: .log) else { return }
    defer { collector.server.process.terminate() }
    let push = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url, "--batch", "100"],
      token: Self.pushToken)
    #expect(push.status == 0, "\(push.stderr)")
    let sessions = try RKDebugProcess.run(["sessions", "--db", collector.database, "--json"])
    #expect(sessions.status == 0, "\(sessions.stderr)")
    #expect(sessions.stdout.contains(#""uuid":"F70B64A5-B296-4A05-B37D-2F275D148EDA""#))
    #expect(sessions.stdout.contains(#""actionCount":352"#))
    let original = try RKDebugProcess.run(["export", "--db", collector.log])
    let collected = try RKDebugProcess.run(["export", "--db", collector.database])
    #expect(collected.status == 0, "\(collected.stderr)")
    #expect(original.stdout.utf8.count > 100_000)
    #expect(collected.stdout == original.stdout)
    let changes = try RKDebugProcess.run(["changes", "--db", collector.database, "--to", "40"])
    let originalChanges = try RKDebugProcess.run(["changes", "--db", collector.log, "--to", "40"])
    #expect(changes.status == 0 && !changes.stdout.isEmpty)
    #expect(changes.stdout == originalChanges.stdout)

    // A log is one file, named by a path: not a collector's URL, not a folder.
    let tokens = collector.tokens
    let url = try RKDebugProcess.run(
      ["serve", "--db", collector.url, "--tokens", tokens],
      unsetting: ["RKDEBUG_COLLECTOR_DATABASE"])
    #expect(url.status == 1)
    #expect(
      url.stderrLines == [
        "rkdebug: error: serve stores sessions in a log file or a PostgreSQL database, not in "
          + "the collector at \(collector.url); give --db PATH or --database "
          + "postgres://USER@HOST:PORT/DATABASE"
      ])
    let folder = try RKDebugProcess.run(
      ["serve", "--db", collector.directory.url.path, "--tokens", tokens],
      unsetting: ["RKDEBUG_COLLECTOR_DATABASE"])
    #expect(folder.status == 1)
    #expect(folder.stderrLines.count == 1)
    #expect(folder.stderrLines.first?.hasPrefix("rkdebug: error: ") == true)
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
    // The scheme's name is case-insensitive; anything else is no token.
    for scheme in ["bearer", "BEARER"] {
      let answer = try await collector.request(
        "GET", "/v1/sessions", token: Self.readToken, scheme: scheme)
      #expect(answer.status == 200, "\(scheme)")
    }
    for scheme in ["Basic", "Bearer:", "Bearer "] {
      let answer = try await collector.request(
        "GET", "/v1/sessions", token: Self.readToken, scheme: scheme)
      #expect(answer.status == 401, "\(scheme)")
    }
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

  @Test(arguments: Collector.Storage.allCases)
  func aLyingMalformedOrOversizedBatchStoresNothing(storage: Collector.Storage) async throws {
    guard
      let collector = try await Collector(
        storage: storage, extraArguments: ["--max-batch-bytes", "200000"])
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

  @Test(arguments: Collector.Storage.allCases)
  func aCollectorKilledMidUploadLosesAndDuplicatesNothingOnceThePushRetries(
    storage: Collector.Storage
  ) async throws {
    guard var collector = try await Collector(storage: storage) else { return }
    defer { collector.server.process.terminate() }
    let push = try await collector.startPushAgainstAStoppedCollector()
    #expect(push.process.isRunning, "the push ended while the collector was stopped")
    kill(collector.server.process.processIdentifier, SIGKILL)
    collector.server.process.waitUntilExit()
    // A new collector on the same port and database: the push's retries reach it.
    (collector.server, _, _) = try Collector.serve(
      database: collector.database, tokens: collector.tokens, port: collector.port)
    let pushed = try push.wait()
    #expect(pushed.status == 0, "\(pushed.stderr)")
    #expect(
      pushed.stdout
        == "pushed session 1 (F70B64A5-B296-4A05-B37D-2F275D148EDA): 352 actions, 252 new to "
        + "the collector\n")
    #expect(try collector.pulledExportIsTheOriginal(uuid: "F70B64A5-B296-4A05-B37D-2F275D148EDA"))
  }

  @Test func aDatabaseRestartedMidUploadLosesAndDuplicatesNothingOnceThePushRetries()
    async throws
  {
    guard try await TestDatabase.url() != nil else { return }
    let cluster = try Self.ownCluster()
    defer { _ = try? Self.shell([cluster.script, "stop", cluster.directory]) }
    guard let collector = try await Collector(database: cluster.url, fixture: "todos") else {
      return
    }
    defer { collector.server.process.terminate() }
    let push = try await collector.startPushAgainstAStoppedCollector()
    #expect(push.process.isRunning, "the push ended while the collector was stopped")
    // The collector's connections all die while it is stopped; it finds out on resuming.
    _ = try Self.shell([cluster.script, "restart", cluster.directory])
    kill(collector.server.process.processIdentifier, SIGCONT)
    let pushed = try push.wait()
    #expect(pushed.status == 0, "\(pushed.stderr)")
    let uuid = try #require(
      pushed.stdout.split(separator: "(").dropFirst().first?.split(separator: ")").first)
    #expect(try collector.pulledExportIsTheOriginal(uuid: String(uuid)))
  }

  /// A database stopped at once (`pg_ctl stop -m immediate`: its backends quit as in a crash)
  /// and started again, over and over under a push: a stop that finds a request between two
  /// statements, or in a COPY, must not hold it until the client's read timeout (120 s). The
  /// push ends within seconds of the last restart, with nothing lost or stored twice.
  @Test func aDatabaseStoppedAtOnceUnderAPushHoldsItNoLongerThanItsRestart() async throws {
    guard try await TestDatabase.url() != nil else { return }
    let cluster = try Self.ownCluster()
    defer { _ = try? Self.shell([cluster.script, "stop", cluster.directory]) }
    guard let collector = try await Collector(database: cluster.url) else { return }
    defer { collector.server.process.terminate() }
    // About 10,000 actions in batches of 20: the push outlasts the restarts.
    let log = collector.directory.path("long.sqlite")
    let recorded = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--random", "7300", "--seed", "9", "--db", log])
    try #require(recorded.status == 0, "\(recorded.stderr)")
    let push = try RKDebugProcess.start(
      ["push", "--db", log, "--to", collector.url, "--batch", "20"],
      environment: ["RKDEBUG_TOKEN": Self.pushToken])
    defer { if push.process.isRunning { push.process.terminate() } }
    let clock = ContinuousClock()
    var back = clock.now
    var restarts = 0
    for _ in 1...6 where push.process.isRunning {
      try await Task.sleep(for: .milliseconds(700))
      _ = try Self.shell([cluster.script, "restart", cluster.directory, "immediate"])
      back = clock.now
      restarts += 1
    }
    #expect(restarts >= 3, "the push ended before the database was restarted three times")
    // Alone on an idle machine the push ends about 9 s after the last restart; beside the
    // suite's other tests on a loaded one, three or four times that. A request held until the
    // client's read timeout would end it 120 s after the restart at the earliest.
    while push.process.isRunning, clock.now - back < Self.heldRequestLimit {
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(
      !push.process.isRunning,
      "the push still ran \(Self.heldRequestLimit) after the database came back")
    if push.process.isRunning { push.process.terminate() }
    let pushed = try push.wait()
    // A collector that died under the restarts says why on its standard error.
    let server = collector.server.process.isRunning ? nil : try collector.server.wait()
    #expect(server == nil, "the collector exited \(server?.status ?? 0): \(server?.stderr ?? "")")
    #expect(pushed.status == 0, "\(pushed.stderr)")
    let uuid = try #require(
      pushed.stdout.split(separator: "(").dropFirst().first?.split(separator: ")").first)
    #expect(try collector.pulledExportIsTheOriginal(uuid: String(uuid), log: log))
  }

  /// A search asked while the database is down (the collector answers 503: it could list no
  /// session) is asked again, and answers once the database is back.
  @Test func aSearchAskedWhileTheDatabaseIsDownAnswersOnceItIsBack() async throws {
    guard try await TestDatabase.url() != nil else { return }
    let cluster = try Self.ownCluster()
    defer { _ = try? Self.shell([cluster.script, "stop", cluster.directory]) }
    guard let collector = try await Collector(database: cluster.url) else { return }
    defer { collector.server.process.terminate() }
    let push = try collector.run(
      ["push", "--db", collector.log, "--to", collector.url], token: Self.pushToken)
    try #require(push.status == 0, "\(push.stderr)")
    _ = try Self.shell([cluster.script, "down", cluster.directory])
    let find = try RKDebugProcess.start(
      ["find", "--all-sessions", "--db", collector.url, "--where", "books.count >= 0", "--first"],
      environment: ["RKDEBUG_TOKEN": Self.readToken])
    defer { if find.process.isRunning { find.process.terminate() } }
    // Longer than the collector waits for a connection (5 s): its first answer is a 503.
    try await Task.sleep(for: .seconds(7))
    _ = try Self.shell([cluster.script, "up", cluster.directory])
    let found = try find.wait()
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout == "session 1 (library): 0\n")
  }

  /// How long after the database came back a push may still run: less than the client's read
  /// timeout (120 s), which a request the collector held would wait for.
  static let heldRequestLimit: Duration = .seconds(90)

  /// A PostgreSQL cluster of the test's own (restarting the shared one would break other
  /// tests): its URL, its folder, and the script that restarts and stops it.
  static func ownCluster() throws -> (url: String, directory: String, script: String) {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("scripts/postgres-test-cluster.sh").path
    let started = try shell([script, "start"])
    func exported(_ name: String) throws -> String {
      let prefix = "export \(name)='"
      let line = try #require(started.split(separator: "\n").first { $0.hasPrefix(prefix) })
      return String(line.dropFirst(prefix.count).dropLast())
    }
    return (
      try exported("RKDEBUG_TEST_POSTGRES_URL"), try exported("RKDEBUG_TEST_POSTGRES_DIR"), script
    )
  }

  /// Runs `arguments` under bash and returns its standard output; throws when it fails.
  ///
  /// Spawned and awaited with `waitpid`, not Foundation's `Process`, which takes a child for
  /// running while anything it started holds the descriptors it inherited: the PostgreSQL
  /// server the script leaves running would hold them until it stops.
  static func shell(_ arguments: [String]) throws -> String {
    let directory = try TemporaryDirectory()
    let outputPath = directory.path("stdout")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = (["/bin/bash"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    struct Failed: Error { let arguments: [String] }
    guard posix_spawn(&pid, "/bin/bash", &actions, nil, argv, environ) == 0 else {
      throw Failed(arguments: arguments)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1, errno == EINTR {}
    // Exited (the low 7 bits are 0) with status 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { throw Failed(arguments: arguments) }
    return try String(contentsOfFile: outputPath, encoding: .utf8)
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
    // Read whole, a tokens file is a small regular file: not a device, not megabytes.
    let huge = try directory.write(
      String(repeating: "# padding\n", count: 110_000), to: "huge")
    let fifo = directory.path("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    for (path, problem) in [
      ("/dev/zero", "/dev/zero is not a regular file"), (fifo, "\(fifo) is not a regular file"),
      (huge, "\(huge) is larger than 1024 KiB"),
      (directory.path("missing"), "cannot read the tokens file \(directory.path("missing"))"),
    ] {
      let refused = try RKDebugProcess.run(
        ["serve", "--database", "postgres://postgres@127.0.0.1:1/x", "--tokens", path])
      #expect(refused.status == 1)
      #expect(
        refused.stderrLines == [
          "rkdebug: error: "
            + (problem.hasPrefix("cannot") ? problem : "the tokens file \(problem)")
        ])
    }
    let tokenFile = try RKDebugProcess.run(
      ["push", "--to", "http://127.0.0.1:1", "--token-file", "/dev/zero"])
    #expect(
      tokenFile.stderrLines == ["rkdebug: error: the token file /dev/zero is not a regular file"])
    let noToken = try RKDebugProcess.run(
      ["push", "--to", "http://127.0.0.1:1"], unsetting: ["RKDEBUG_TOKEN"])
    #expect(
      noToken.stderrLines == [
        "rkdebug: error: give the collector's token in $RKDEBUG_TOKEN or with --token-file FILE"
      ])
  }
}

/// Numbers and names the collector's commands refuse before they touch a file or the network.
@Suite struct CollectorUsageTests {
  @Test func hugeNegativeAndMalformedArgumentsAreUsageErrors() {
    expectUsageError(
      ["serve", "--port=-1"],
      "--port -1 is not a port; use 0...65535 (0 picks a free one) (see 'rkdebug help serve')")
    expectUsageError(
      ["serve", "--port", "99999999999999999999"],
      "The value '99999999999999999999' is invalid for '--port <port>' (see 'rkdebug help serve')")
    expectUsageError(
      ["serve", "--database", "postgres://rkdebug@127.0.0.1:1/x", "--db", "collected.sqlite"],
      "give --database (PostgreSQL) or --db (a log file), not both (see 'rkdebug help serve')")
    expectUsageError(
      ["serve", "--max-batch-bytes=-5"],
      "--max-batch-bytes must be at least 1024 (see 'rkdebug help serve')")
    expectUsageError(
      ["push", "--to", "http://127.0.0.1:1", "--batch", "0"],
      "--batch must be from 1 to 100000 actions (see 'rkdebug help push')")
    expectUsageError(
      ["push", "--to", "http://127.0.0.1:1", "--batch", "100001"],
      "--batch must be from 1 to 100000 actions (see 'rkdebug help push')")
    expectUsageError(
      ["push", "--to", "http://127.0.0.1:1", "--all", "--session", "1"],
      "give --session N or --all, not both (see 'rkdebug help push')")
    // The one-line error shows the newline as a space.
    expectUsageError(
      ["pull", "http://127.0.0.1:1", "a\nb"],
      "'a b' is not a session uuid (see 'rkdebug help pull')")
  }
}
