import Foundation
import ReducerKitDebug
import ReducerKitSamples
import Testing

/// The `--json` output of each command has exactly the members docs/cli-json.md documents.
@Suite(.serialized) struct JSONDocumentationTests {
  /// The member names the `n`th table of the section of docs/cli-json.md whose heading starts
  /// with `` `command` `` lists: every backticked name in its first column.
  static func documentedMembers(_ command: String, table n: Int = 0) throws -> Set<String> {
    let docs = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // RKDebugCLITests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
      .appendingPathComponent("docs/cli-json.md")
    let lines = try String(contentsOf: docs, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(
      lines.firstIndex { $0.hasPrefix("## `\(command)`") }, "no section for \(command)"
    )
    let section = lines[(start + 1)...].prefix { !$0.hasPrefix("## ") }
    var tables: [[Substring]] = []
    var previousWasTable = false
    for line in section {
      let isTable = line.hasPrefix("|")
      if isTable, !previousWasTable { tables.append([]) }
      if isTable { tables[tables.count - 1].append(line) }
      previousWasTable = isTable
    }
    try #require(tables.count > n, "no table \(n) for \(command)")
    var names = Set<String>()
    for row in tables[n].dropFirst(2) {
      let firstCell = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
      let parts = firstCell.split(separator: "`", omittingEmptySubsequences: false)
      for (offset, part) in parts.enumerated() where offset % 2 == 1 {
        names.insert(String(part))
      }
    }
    return names
  }

  /// The member names of a JSON object.
  static func members(_ text: some StringProtocol) throws -> Set<String> {
    let value = try JSONValue(parsing: String(text))
    return Set(try #require(value.objectValue, "not an object: \(text)").keys)
  }

  /// A counter session whose replay with the registered counter diverges at action 2: it was
  /// recorded with a counter whose `decrement` subtracts two.
  @MainActor
  static func divergingCounterLog() async throws -> RecordedLog {
    try await RecordedLog.make { log in
      try await log.record(
        MiscountingCounter(), initialState: Counter.State(),
        actions: [.increment, .decrement, .increment], feature: Counter.name
      )
    }
  }

  @Test func readingCommands() async throws {
    let log = try await RecordedLog.shelf()
    let sessions = try log.run(["sessions", "--json"]).stdout
    #expect(try Self.members(sessions) == Self.documentedMembers("sessions --json"))
    for line in try log.run(["log", "--json"]).stdout.split(separator: "\n") {
      #expect(try Self.members(line) == Self.documentedMembers("log --json"))
    }
    let tree = try log.run(["log", "--tree", "--json", "--from", "6", "--to", "6"]).stdout
    #expect(try Self.members(tree) == Self.documentedMembers("log --json").union(["effects"]))
    let effect = try #require(try JSONValue(parsing: tree)["effects"]?.arrayValue?.first)
    #expect(
      Set(try #require(effect.objectValue).keys)
        == (try Self.documentedMembers("log --json", table: 1))
    )
    let changes = try log.run(["changes", "--json"]).stdout.split(separator: "\n")
    #expect(changes.count == 12)
    for line in changes {
      #expect(try Self.members(line) == Self.documentedMembers("changes --json"))
    }
    for line in try log.run(["history", "--path", "note", "--json"]).stdout.split(separator: "\n") {
      #expect(try Self.members(line) == Self.documentedMembers("history --json"))
    }
    let features = try RKDebugProcess.run(["features", "--json"]).stdout.split(separator: "\n")
    #expect(features.count == 6)
    for line in features {
      #expect(try Self.members(line) == Self.documentedMembers("features --json"))
    }
  }

  @Test func record() throws {
    let directory = try TemporaryDirectory()
    let result = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--random", "5", "--json"], in: directory.url
    )
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try Self.members(result.stdout) == Self.documentedMembers("record --json"))
  }

  @Test func replay() async throws {
    let log = try await Self.divergingCounterLog()
    let documented = try Self.documentedMembers("replay --json")
    let match = try log.run(["replay", "--to", "1", "--json"])
    #expect(match.status == 0, "\(match.stderr)")
    #expect(try Self.members(match.stdout) == documented)

    let diverged = try log.run(["replay", "--json"])
    #expect(diverged.status == 1)
    #expect(try Self.members(diverged.stdout) == documented)
    let divergence = try #require(try JSONValue(parsing: diverged.stdout)["divergence"])
    #expect(
      Set(try #require(divergence.objectValue).keys)
        == (try Self.documentedMembers("replay --json", table: 1))
    )

    let skipped = try log.run(["replay", "--to", "1", "--skip", "1", "--json"])
    #expect(skipped.status == 0, "\(skipped.stderr)")
    #expect(try Self.members(skipped.stdout) == documented)
    let difference = try #require(try JSONValue(parsing: skipped.stdout)["finalDifference"])
    #expect(
      Set(try #require(difference.objectValue).keys) == ["index", "diff", "expected", "actual"]
    )
  }

  @Test func bisect() async throws {
    let log = try await Self.divergingCounterLog()
    let documented = try Self.documentedMembers("bisect --json")
    for arguments in [
      ["--where", "count >= 1"], ["--where", "count >= 0"], ["--where", "count > 5"],
      ["--run", "grep -q '\"count\":1'"], ["--divergence"],
    ] {
      let result = try log.run(["bisect", "--json"] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(try Self.members(result.stdout) == documented, "\(arguments)")
    }
    // The results of a scan (false at the last index, or true at 0 and false later) and of
    // `--run` when the last state is good.
    for (arguments, result) in [
      (["--where", "count == 1"], "foundByScan"), (["--where", "count < 5"], "initial"),
      (["--where", "count > 5"], "never"), (["--run", "true"], "goodAtEnd"),
    ] {
      let run = try log.run(["bisect", "--json"] + arguments)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
      #expect(try Self.members(run.stdout) == documented, "\(arguments)")
      #expect(try JSONValue(parsing: run.stdout)["result"] == .string(result), "\(arguments)")
    }
    let divergence = try #require(
      try JSONValue(parsing: try log.run(["bisect", "--divergence", "--json"]).stdout)[
        "divergence"]
    )
    #expect(
      Set(try #require(divergence.objectValue).keys)
        == (try Self.documentedMembers("replay --json", table: 1))
    )
  }

  @Test func find() async throws {
    let log = try await RecordedLog.shelf()
    let ranges = try log.run(["find", "--where", "books.count == 1", "--json"])
    #expect(ranges.status == 0, "\(ranges.stderr)")
    let lines = ranges.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    for line in lines {
      #expect(try Self.members(line) == Self.documentedMembers("find --json"))
    }
    for flag in ["--first", "--last"] {
      for expression in ["books.count == 2", "count > 100"] {
        let run = try log.run(["find", "--where", expression, flag, "--json"])
        #expect(run.status == (expression == "count > 100" ? 1 : 0), "\(flag) \(expression)")
        #expect(try Self.members(run.stdout) == Self.documentedMembers("find --json", table: 1))
      }
    }
  }

  // MARK: - Sorted keys

  /// Whether `line` is written as docs/cli-json.md says: compact, every object's keys sorted.
  static func isSortedCompactJSON(_ line: some StringProtocol) throws -> Bool {
    try JSONValue(parsing: String(line)).serialized() == String(line)
  }

  @Test func everyJSONOutputHasSortedKeys() async throws {
    let log = try await RecordedLog.shelf()
    let commands: [[String]] = [
      ["sessions", "--json"], ["log", "--json"], ["log", "--tree", "--json"],
      ["changes", "--json"], ["state", "--at", "6", "--json"],
      ["diff", "--from", "0", "--to", "12", "--json"], ["history", "--path", "count", "--json"],
      ["export"], ["bisect", "--where", "count > 3", "--json"],
      ["bisect", "--where", "note != nil", "--json"], ["find", "--where", "count > 3", "--json"],
      ["find", "--where", "count > 3", "--first", "--json"],
    ]
    for command in commands {
      let result = try log.run(command)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      let lines = result.stdout.split(separator: "\n")
      #expect(!lines.isEmpty, "\(command)")
      for line in lines {
        #expect(try Self.isSortedCompactJSON(line), "\(command): \(line)")
      }
    }
  }

  @Test func documentedExamplesHaveSortedKeys() throws {
    let docs = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/cli-json.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    var inExample = false
    var checked = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inExample = line == "```json"
        continue
      }
      // Examples with elisions (…) are not JSON; the others must read as rkdebug writes them.
      guard inExample, !line.isEmpty, (try? JSONValue(parsing: String(line))) != nil else {
        continue
      }
      #expect(try Self.isSortedCompactJSON(line), "\(line)")
      checked += 1
    }
    #expect(checked >= 10)
  }
}
