import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// `rkdebug find`, through the built executable.
@Suite(.serialized) struct FindCommandTests {
  /// `rkdebug record --feature todos --random 400 --seed 11`, the session of the issue: 564
  /// actions, with `todos.count >= 10` at 485 and 511…524 only.
  static func recordTodos(in scratch: TemporaryDirectory) throws -> SessionReader {
    let run = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--random", "400", "--seed", "11"], in: scratch.url)
    try #require(run.status == 0, "\(run.stderr)")
    return try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
  }

  @Test(arguments: [
    "todos.count >= 10", "todos.count >= 8", "todos[0].isComplete", #"filter == "completed""#,
    "todos.count > 3 && !todos[0].isComplete",
  ])
  func listsWhatABruteForceCheckOfEveryStateFinds(_ text: String) throws {
    let scratch = try TemporaryDirectory()
    let reader = try Self.recordTodos(in: scratch)
    let before = try scratch.fingerprint()
    let expected = try PredicateScanTests.bruteForceRanges(
      of: try RKDebugCLI.Predicate(parsing: text), in: reader)
    #expect(expected.count >= 2, "\(text): \(expected)")

    let run = try RKDebugProcess.run(["find", "--where", text], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(run.stdout == expected.map { FindCommand.text($0) + "\n" }.joined())

    let json = try RKDebugProcess.run(["find", "--where", text, "--json"], in: scratch.url)
    let lines = try json.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(
      lines
        == expected.map {
          [
            "from": JSONValue($0.lowerBound), "to": JSONValue($0.upperBound),
            "count": JSONValue($0.count),
          ]
        })

    let first = try RKDebugProcess.run(["find", "--where", text, "--first"], in: scratch.url)
    #expect(first.stdout == "\(expected.first!.lowerBound)\n")
    let last = try RKDebugProcess.run(
      ["find", "--where", text, "--last", "--json"], in: scratch.url)
    #expect(last.stdout == "{\"index\":\(expected.last!.upperBound)}\n")
    #expect(try scratch.fingerprint() == before)
  }

  @Test func theIssuesCase() throws {
    let scratch = try TemporaryDirectory()
    _ = try Self.recordTodos(in: scratch)
    let run = try RKDebugProcess.run(["find", "--where", "todos.count >= 10"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "485\n511…524\n")
  }

  @Test func neverHoldingExitsOneLikeGrep() throws {
    let scratch = try TemporaryDirectory()
    _ = try Self.recordTodos(in: scratch)
    let text = try RKDebugProcess.run(["find", "--where", "todos.count > 99"], in: scratch.url)
    #expect(text.status == 1)
    #expect(text.stdout == "todos.count > 99 holds at no index of session 1 (0…564)\n")
    #expect(text.stderr.isEmpty)
    let json = try RKDebugProcess.run(
      ["find", "--where", "todos.count > 99", "--json"], in: scratch.url)
    #expect(json.status == 1)
    #expect(json.stdout.isEmpty)
    let first = try RKDebugProcess.run(
      ["find", "--where", "todos.count > 99", "--first", "--json"], in: scratch.url)
    #expect(first.status == 1)
    #expect(first.stdout == "{\"index\":null}\n")
  }

  @Test func unknownNamesWarnAndFailUnderStrict() async throws {
    let log = try await RecordedLog.shelf()
    for command in ["find", "bisect"] {
      let warned = try log.run([command, "--where", "noSuchField.count > 1"])
      #expect(
        warned.stderrLines == [
          "rkdebug: warning: no 'noSuchField' in any state of session 1: it reads as nil at "
            + "every index"
        ], "\(command)")
      let strict = try log.run([command, "--where", "noSuchField.count > 1", "--strict"])
      #expect(strict.status == 1, "\(command)")
      #expect(strict.stdout.isEmpty, "\(command)")
      #expect(
        strict.stderrLines == [
          "rkdebug: error: no 'noSuchField' in any state of session 1: it reads as nil at "
            + "every index (--strict)"
        ], "\(command)")
      // A loosely near name is suggested; a typo is refused, as before.
      let near = try log.run([command, "--where", "bookshelf.count > 1"])
      #expect(near.stderrLines.count == 1)
      #expect(near.stderr.hasSuffix("; did you mean 'books'?\n"), "\(command): \(near.stderr)")
      let typo = try log.run([command, "--where", "noet != nil"])
      #expect(typo.status == 1)
      #expect(
        typo.stderrLines == [
          "rkdebug: error: no 'noet' in any state of session 1; did you mean 'note'?"
        ])
      // A name the session has, even only in its middle states, is no warning.
      let known = try log.run([command, "--where", "note != nil", "--strict"])
      #expect(known.status == 0, "\(command): \(known.stderr)")
      #expect(known.stderr.isEmpty)
    }
  }

  // Deeply nested and long --where and --path are usage errors:
  // ArgumentParsingTests.inputPastTheLimitsIsAShortUsageError, in process.

  @Test func theStepperRefusesDeepInputToo() throws {
    let scratch = try TemporaryDirectory()
    let record = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--random", "5", "--seed", "1"], in: scratch.url)
    try #require(record.status == 0, "\(record.stderr)")
    let deep =
      "until " + String(repeating: "(", count: 10_000) + "count > 1"
      + String(repeating: ")", count: 10_000)
    let run = try RKDebugProcess.run(["replay", "--step"], in: scratch.url, stdin: deep + "\n")
    #expect(run.status == 1)
    #expect(run.stderrLines.count == 1)
    #expect(
      run.stderr.hasPrefix("rkdebug: error: line 1 of the stepper's input, 'until ((((("))
    #expect(run.stderr.contains("nested too deeply"))
    let long = "until " + String(repeating: "x", count: 70_000)
    let tooLong = try RKDebugProcess.run(["replay", "--step"], in: scratch.url, stdin: long + "\n")
    #expect(tooLong.status == 1)
    #expect(tooLong.stderrLines.count == 1)
    #expect(tooLong.stderr.contains("a command is at most 65536 bytes (64 KiB)"))
  }

  @Test func firstAndLastTogetherAreAUsageError() {
    expectUsageError(
      ["find", "--where", "count > 1", "--first", "--last"],
      "Pass at most one of --first and --last. (see 'rkdebug help find')")
  }
}
