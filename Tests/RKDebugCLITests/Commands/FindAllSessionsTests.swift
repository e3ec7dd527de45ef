import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// `rkdebug find --all-sessions` and the session filters of `sessions`, through the built
/// executable, on one log holding the five sample fixtures (ids 1…5: counter, todos, search,
/// app, library) and three more recorded todos sessions (ids 6…8).
@Suite(.serialized) struct FindAllSessionsTests {
  /// The log, made once for the suite.
  static let scratch: TemporaryDirectory = {
    let scratch = try! TemporaryDirectory()
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ReducerKitSamplesTests/Fixtures")
    for name in ["counter", "todos", "search", "app", "library"] {
      let export = try! RKDebugProcess.run(
        ["export", "--db", fixtures.appendingPathComponent("\(name).sqlite").path])
      let file = try! scratch.write(export.stdout, to: "\(name).jsonl")
      let imported = try! RKDebugProcess.run(["import", file], in: scratch.url)
      precondition(imported.status == 0, imported.stderr)
    }
    for seed in ["11", "12", "13"] {
      let recorded = try! RKDebugProcess.run(
        ["record", "--feature", "todos", "--random", "400", "--seed", seed], in: scratch.url)
      precondition(recorded.status == 0, recorded.stderr)
    }
    return scratch
  }()

  func run(_ arguments: [String]) throws -> ProcessResult {
    try RKDebugProcess.run(arguments, in: Self.scratch.url, environment: ["TZ": "UTC"])
  }

  @Test(arguments: ["todos.count >= 8", "todos[0].isComplete", "count > 2"])
  func eachSessionsRangesAreWhatItsOwnFindPrints(_ text: String) throws {
    let before = try Self.scratch.fingerprint()
    let log = try ActionLog.readOnly(path: Self.scratch.path("rkdebug.sqlite"))
    let predicate = try RKDebugCLI.Predicate(parsing: text)
    var expected: [(LoggedSession, [ClosedRange<Int>])] = []
    for session in try log.sessions() {
      let ranges = try PredicateScanTests.bruteForceRanges(
        of: predicate, in: try log.reader(session: session.id))
      if !ranges.isEmpty { expected.append((session, ranges)) }
    }
    #expect(expected.count >= 2, "\(text)")

    let found = try run(["find", "--all-sessions", "--where", text])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(
      found.stdout
        == expected.map { session, ranges in
          "session \(session.id) (\(session.feature)): "
            + ranges.map(FindCommand.text).joined(separator: ", ") + "\n"
        }.joined())

    let json = try run(["find", "--all-sessions", "--where", text, "--json"])
    let lines = try json.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(lines.map { $0["session"] } == expected.map { JSONValue($0.0.id) })
    #expect(lines.map { $0["uuid"] } == expected.map { .string($0.0.uuid) })
    #expect(
      lines.map { $0["ranges"] } == expected.map { .array($0.1.map(\.json)) })

    let first = try run(["find", "--all-sessions", "--where", text, "--first"])
    #expect(
      first.stdout
        == expected.map { "session \($0.0.id) (\($0.0.feature)): \($0.1[0].lowerBound)\n" }
        .joined())
    let last = try run(["find", "--all-sessions", "--where", text, "--last", "--json"])
    #expect(
      try last.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0))["index"] }
        == expected.map { JSONValue($0.1.last!.upperBound) })
    #expect(try Self.scratch.fingerprint() == before)
  }

  @Test func filtersChooseTheSessionsSearched() throws {
    let todos = try run(
      ["find", "--all-sessions", "--feature", "todos", "--where", "todos.count >= 8"])
    #expect(todos.status == 0, "\(todos.stderr)")
    #expect(todos.stdout.split(separator: "\n").allSatisfy { $0.contains(" (todos): ") })
    let counter = try run(["find", "--all-sessions", "--feature", "counter", "--where", "count"])
    #expect(counter.stdout.hasPrefix("session 1 (counter): "))
    #expect(counter.stdout.split(separator: "\n").count == 1)

    let none = try run(
      ["find", "--all-sessions", "--feature", "counter", "--where", "todos.count >= 8"])
    #expect(none.status == 1)
    #expect(
      none.stdout
        == "todos.count >= 8 holds in no session of 1 searched (those the filters keep)\n")
    let noneJSON = try run(["find", "--all-sessions", "--where", "nope == 3", "--json"])
    #expect(noneJSON.status == 1)
    #expect(noneJSON.stdout.isEmpty)
  }

  @Test func aSessionsErrorNamesItAndStopsTheSearch() throws {
    // Ordering a number with a string fails in the first session whose state has todos.
    let failed = try run(["find", "--all-sessions", "--where", #"todos.count < "a""#])
    #expect(failed.status == 1)
    #expect(failed.stdout.isEmpty)
    #expect(failed.stderr.hasPrefix("rkdebug: error: session 2: "), "\(failed.stderr)")
    #expect(failed.stderr.split(separator: "\n").count == 1)
  }

  @Test func aMalformedCollectorURLIsOneLine() throws {
    for url in ["http://", "https://bad host"] {
      let result = try RKDebugProcess.run(
        ["sessions", "--db", url], environment: ["RKDEBUG_TOKEN": "0123456789abcdef0123"])
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "rkdebug: error: '\(url)' is not a collector URL (http://HOST:PORT of 'rkdebug "
          + "serve')\n")
    }
  }

  @Test func sessionsListsWhatTheFiltersKeep() throws {
    func ids(_ arguments: [String]) throws -> [Int] {
      let listed = try run(["sessions", "--json"] + arguments)
      #expect(listed.status == 0, "\(listed.stderr)")
      return try listed.stdout.split(separator: "\n").map {
        try JSONValue(parsing: String($0))["id"]?.intValue ?? -1
      }
    }
    #expect(try ids([]) == [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(try ids(["--feature", "todos"]) == [2, 6, 7, 8])
    // The fixtures were recorded on 2026-11-25 (library on the 26th); the rest today.
    #expect(try ids(["--until", "2026-11-26"]) == [1, 2, 3, 4])
    #expect(try ids(["--since", "2026-11-26", "--until", "2026-11-26 23:59"]) == [5])
    #expect(
      try ids(["--since", "2026-11-26T18:32:24.5Z", "--until", "2026-11-26T18:32:25Z"]) == [5])
    #expect(try ids(["--since", "2026-11-26T18:32:25Z", "--until", "2026-11-26T18:33:00Z"]) == [])
    #expect(try ids(["--since", "1h"]) == [6, 7, 8])
    #expect(try ids(["--until", "2026-11-25 16:45:29"]) == [1])
    #expect(try ids(["--failed"]) == [1, 5])
    #expect(try ids(["--no-failed", "--feature", "todos"]) == [2, 6, 7, 8])
    #expect(try ids(["--metadata", "host=vm", "--metadata", "pid=31292"]) == [1])
    #expect(try ids(["--metadata", "host=" + ProcessInfo.processInfo.hostName]).count >= 3)
    #expect(try ids(["--metadata", "pid=no such pid"]) == [])

    let text = try run(["sessions", "--feature", "nothing"])
    #expect(text.status == 0)
    #expect(text.stdout == "(no session in rkdebug.sqlite matches the filters)\n")
  }

  @Test(arguments: [
    (
      ["sessions", "--since", "yesterday"],
      "rkdebug: error: The value 'yesterday' is invalid for '--since <time>': 'yesterday' is "
        + "not a time: write 2026-11-27, 2026-11-27 14:05, 2026-11-27T14:05:09Z or a span "
        + "back from now such as 90m, 1d or 2w (see 'rkdebug help sessions')"
    ),
    (
      ["sessions", "--until", "2026-02-30"],
      "rkdebug: error: The value '2026-02-30' is invalid for '--until <time>': '2026-02-30' is "
        + "not a time: write 2026-11-27, 2026-11-27 14:05, 2026-11-27T14:05:09Z or a span "
        + "back from now such as 90m, 1d or 2w (see 'rkdebug help sessions')"
    ),
    (
      ["sessions", "--since", "99999999999999w"],
      "rkdebug: error: The value '99999999999999w' is invalid for '--since <time>': "
        + "'99999999999999w' is not a time: write 2026-11-27, 2026-11-27 14:05, "
        + "2026-11-27T14:05:09Z or a span back from now such as 90m, 1d or 2w (see 'rkdebug "
        + "help sessions')"
    ),
    (
      ["sessions", "--since=-5d"],
      "rkdebug: error: The value '-5d' is invalid for '--since <time>': '-5d' is not a time: "
        + "write 2026-11-27, 2026-11-27 14:05, 2026-11-27T14:05:09Z or a span back from now "
        + "such as 90m, 1d or 2w (see 'rkdebug help sessions')"
    ),
    (
      ["sessions", "--since", "2026-11-27", "--until", "2026-11-26"],
      "rkdebug: error: --since is not before --until: no session can match (see 'rkdebug "
        + "help sessions')"
    ),
    (
      ["sessions", "--metadata", "=vm"],
      "rkdebug: error: The value '=vm' is invalid for '--metadata <key=value>': --metadata "
        + "takes key=value, such as host=ci-3; got '=vm' (see 'rkdebug help sessions')"
    ),
    (
      ["sessions", "--metadata", "a=1", "--metadata", "a=2"],
      "rkdebug: error: --metadata gives the key 'a' twice (see 'rkdebug help sessions')"
    ),
    (
      ["find", "--where", "count", "--failed"],
      "rkdebug: error: --feature, --since, --until, --metadata and --failed choose sessions "
        + "for --all-sessions; add it, or pick one session with --session (see 'rkdebug help "
        + "find')"
    ),
    (
      ["find", "--where", "count", "--all-sessions", "--session", "2"],
      "rkdebug: error: Pass --session or --all-sessions, not both. (see 'rkdebug help find')"
    ),
    (
      ["find", "--where", "count", "--all-sessions", "--strict"],
      "rkdebug: error: --strict checks the names of one session; with --all-sessions filter "
        + "with --feature (see 'rkdebug help find')"
    ),
  ])
  func badFiltersAreUsageErrors(_ arguments: [String], _ message: String) throws {
    let result = try run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message + "\n")
  }
}
