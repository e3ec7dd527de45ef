import Foundation
import ReducerKitDebug
import Testing

/// Colors and progress, which only a terminal gets: `rkdebug` run under a pseudo-terminal
/// (util-linux `script`), with and without `NO_COLOR`, and piped.
@Suite(
  .serialized,
  .disabled(
    if: RKDebugProcess.script == nil,
    "needs util-linux script(1) at /usr/bin/script to run rkdebug under a pseudo-terminal"
  )
)
struct TerminalOutputTests {
  /// The start of every ANSI escape sequence.
  static let escape = "\u{1B}["

  /// `text` without its ANSI colors.
  static func withoutColors(_ text: String) throws -> String {
    text.replacing(try Regex("\u{1B}\\[[0-9;]*m"), with: "")
  }

  @Test func colorsOnATerminalUnlessNoColorIsSet() async throws {
    let log = try await RecordedLog.shelf()
    for command in [
      ["diff", "--from", "0", "--to", "12"], ["changes", "--from", "1", "--to", "4"],
    ] {
      let arguments = command + ["--db", log.path]
      let colored = try RKDebugProcess.runInTerminal(arguments)
      #expect(colored.status == 0, "\(command): \(colored.stdout)")
      #expect(colored.stdout.contains("\u{1B}[31m-"), "\(command): \(colored.stdout)")
      #expect(colored.stdout.contains("\u{1B}[32m+"), "\(command): \(colored.stdout)")

      let noColor = try RKDebugProcess.runInTerminal(arguments, environment: ["NO_COLOR": "1"])
      #expect(noColor.status == 0)
      #expect(!noColor.stdout.contains(Self.escape), "\(command): \(noColor.stdout)")
      // The colors are all that differs.
      #expect(try Self.withoutColors(colored.stdout) == noColor.stdout, "\(command)")

      // An empty NO_COLOR is ignored, as no-color.org asks.
      let empty = try RKDebugProcess.runInTerminal(arguments, environment: ["NO_COLOR": ""])
      #expect(empty.status == 0)
      #expect(empty.stdout == colored.stdout, "\(command): \(empty.stdout)")
    }
  }

  @Test func neverColoredWithNoColorOrWhenPiped() async throws {
    let log = try await RecordedLog.shelf()
    let commands: [[String]] = [
      ["sessions"], ["log"], ["log", "--tree"], ["changes"], ["state", "--at", "6"],
      ["diff", "--from", "0", "--to", "12"], ["history", "--path", "count"],
      ["bisect", "--where", "count > 3"], ["features"],
    ]
    for command in commands {
      let arguments = command + (command == ["features"] ? [] : ["--db", log.path])
      let noColor = try RKDebugProcess.runInTerminal(arguments, environment: ["NO_COLOR": "1"])
      #expect(noColor.status == 0, "\(command): \(noColor.stdout)")
      #expect(!noColor.stdout.contains(Self.escape), "\(command): \(noColor.stdout)")

      // Piped, even without NO_COLOR: plain text, the same as on a terminal with NO_COLOR.
      let piped = try RKDebugProcess.run(arguments, unsetting: ["NO_COLOR"])
      #expect(piped.status == 0, "\(command): \(piped.stderr)")
      #expect(!piped.stdout.contains(Self.escape), "\(command): \(piped.stdout)")
      #expect(piped.stdout == noColor.stdout, "\(command)")
    }
  }

  @Test func progressOnATerminalForLongImportsReplaysLogsExportsAndRecords() throws {
    let scratch = try TemporaryDirectory()
    let export = try Self.counterExport(increments: 20_000, in: scratch)

    // Piped: no progress.
    let importedPiped = try RKDebugProcess.run(
      ["import", export, "--db", "piped.sqlite"], in: scratch.url
    )
    #expect(importedPiped.status == 0, "\(importedPiped.stderr)")
    #expect(importedPiped.stderr == "")
    let replayedPiped = try RKDebugProcess.run(["replay", "--db", "piped.sqlite"], in: scratch.url)
    #expect(replayedPiped.status == 0, "\(replayedPiped.stderr)")
    #expect(replayedPiped.stderr == "")

    // On a terminal: a progress line, rewritten in place (\r) and cleared at the end.
    let imported = try RKDebugProcess.runInTerminal(
      ["import", export, "--db", "terminal.sqlite"], in: scratch.url
    )
    #expect(imported.status == 0, "\(imported.stdout)")
    #expect(imported.stdout.contains("\rimporting "), "\(imported.stdout)")
    #expect(imported.stdout.contains("/20000 actions"))
    let replayed = try RKDebugProcess.runInTerminal(
      ["replay", "--db", "terminal.sqlite"], in: scratch.url
    )
    #expect(replayed.status == 0, "\(replayed.stdout)")
    #expect(replayed.stdout.contains("\rreplaying "), "\(replayed.stdout)")
    #expect(replayed.stdout.contains("/20000 actions ("))
    #expect(replayed.stdout.contains("\r\u{1B}[2K"))
    #expect(replayed.stdout.contains(": every state matches the log ("))

    // log and export: on a terminal, the same progress; piped, none.
    let listed = try RKDebugProcess.runInTerminal(
      ["log", "--db", "terminal.sqlite"], in: scratch.url, environment: ["NO_COLOR": "1"]
    )
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("\rlisting "))
    #expect(listed.stdout.contains("/20000 actions ("))
    #expect(listed.stdout.contains("20000  send  Counter.Action.increment\n"))
    let listedPiped = try RKDebugProcess.run(["log", "--db", "terminal.sqlite"], in: scratch.url)
    #expect(listedPiped.status == 0)
    #expect(listedPiped.stderr == "")
    #expect(!listedPiped.stdout.contains("\r"))
    let exported = try RKDebugProcess.runInTerminal(
      ["export", "--db", "terminal.sqlite", "-o", "out.jsonl"], in: scratch.url
    )
    #expect(exported.status == 0, "\(exported.stdout)")
    #expect(exported.stdout.contains("\rexporting "), "\(exported.stdout)")
    #expect(exported.stdout.contains("\r\u{1B}[2K"))
    let exportedPiped = try RKDebugProcess.run(
      ["export", "--db", "terminal.sqlite"], in: scratch.url
    )
    #expect(exportedPiped.status == 0)
    #expect(exportedPiped.stderr == "")

    // record: progress of the actions sent on a terminal; none when piped.
    let recorded = try RKDebugProcess.runInTerminal(
      ["record", "--feature", "counter", "--random", "20000", "--db", "recorded.sqlite"],
      in: scratch.url
    )
    #expect(recorded.status == 0, "\(recorded.stdout)")
    #expect(recorded.stdout.contains("\rrecording "), "\(recorded.stdout)")
    #expect(recorded.stdout.contains("/20000 actions ("))
    #expect(recorded.stdout.contains("\r\u{1B}[2K"))
    let recordedPiped = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--random", "20000", "--db", "piped2.sqlite"],
      in: scratch.url
    )
    #expect(recordedPiped.status == 0)
    #expect(recordedPiped.stderr == "")

    // A short replay needs none.
    let short = try RKDebugProcess.runInTerminal(["replay", "--db", "one.sqlite"], in: scratch.url)
    #expect(short.status == 0, "\(short.stdout)")
    #expect(!short.stdout.contains("\r"), "\(short.stdout)")
  }

  /// The export of a counter session of `increments` increments, in `scratch`, made from the
  /// export of a one-increment recording (`one.sqlite`): its session line, then its action line
  /// once per increment with the index and patch of each.
  static func counterExport(increments: Int, in scratch: TemporaryDirectory) throws -> String {
    let recorded = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "-", "--db", "one.sqlite"],
      in: scratch.url, stdin: "{\"increment\":{}}\n"
    )
    try #require(recorded.status == 0, "\(recorded.stderr)")
    let export = try RKDebugProcess.run(["export", "--db", "one.sqlite"], in: scratch.url)
    let lines = export.stdout.split(separator: "\n").map(String.init)
    try #require(lines.count == 2, "\(export.stdout)")
    guard case .object(var action) = try JSONValue(parsing: lines[1]) else {
      throw JSONParseFailure(line: lines[1])
    }
    guard case .object(var session) = try JSONValue(parsing: lines[0]) else {
      throw JSONParseFailure(line: lines[0])
    }
    session["actionCount"] = JSONValue(increments)
    var output = [JSONValue.object(session).serialized()]
    for index in 1...increments {
      action["index"] = JSONValue(index)
      action["patch"] = [
        ["op": "replace", "path": "/count", "value": JSONValue(index), "old": JSONValue(index - 1)]
      ]
      output.append(JSONValue.object(action).serialized())
    }
    return try scratch.write(output.joined(separator: "\n") + "\n", to: "counter.jsonl")
  }

  /// The action line of the export is not an object.
  struct JSONParseFailure: Error {
    let line: String
  }
}
