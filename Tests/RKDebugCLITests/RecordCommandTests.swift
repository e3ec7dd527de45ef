import ReducerKit
import Foundation
import ReducerKitDebug
import ReducerKitSamples
import Testing

@testable import RKDebugCLI

/// `rkdebug record`, through the built executable.
@Suite struct RecordCommandTests {
  @Test func recordsRandomActionsReproducibly() throws {
    let scratch = try TemporaryDirectory()
    let first = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--random", "30", "--seed", "42"], in: scratch.url
    )
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.isEmpty)
    #expect(first.stdout.hasPrefix("recorded session 1 of 'todos' into rkdebug.sqlite: "))
    #expect(first.stdout.contains("(30 sent, "))
    let second = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--random", "30", "--seed", "42"], in: scratch.url
    )
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.hasPrefix("recorded session 2 of 'todos' into rkdebug.sqlite: "))

    let log = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite"))
    let one = try log.reader(session: 1)
    let two = try log.reader(session: 2)
    #expect(one.actionCount == two.actionCount)
    #expect(try one.actions().map(\.json) == two.actions().map(\.json))
    #expect(try one.stateJSON(at: one.actionCount) == two.stateJSON(at: two.actionCount))
    #expect(one.session.endedAt != nil)
  }

  @Test func reportsItsOwnSessionWhileAnotherProcessRecordsIntoTheSameLog() throws {
    let scratch = try TemporaryDirectory()
    // With --real-time each delayed increment takes a second; every-action commits the
    // session with its first action, so the other process's session is the newer one.
    let slowActions = try scratch.write(
      """
      {"increment":{}}
      {"delayedIncrementButtonTapped":{}}
      {"delayedIncrementButtonTapped":{}}
      """,
      to: "slow.jsonl"
    )
    let slow = try RKDebugProcess.start(
      [
        "record", "--feature", "counter", "--actions", slowActions, "--real-time",
        "--durability", "every-action", "--json",
      ],
      in: scratch.url
    )
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while clock.now < deadline {
      let sessions = try RKDebugProcess.run(["sessions", "--json"], in: scratch.url)
      if sessions.status == 0, !sessions.stdout.isEmpty { break }
      Thread.sleep(forTimeInterval: 0.02)
    }
    let quick = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "-", "--json"], in: scratch.url,
      stdin: "{\"decrement\":{}}\n"
    )
    let slowResult = try slow.wait()
    #expect(quick.status == 0, "\(quick.stderr)")
    #expect(slowResult.status == 0, "\(slowResult.stderr)")
    #expect(
      quick.stdout == """
        {"actions":1,"db":"rkdebug.sqlite","effects":0,"feature":"counter","fromEffects":0,\
        "sent":1,"session":2}

        """
    )
    #expect(
      slowResult.stdout == """
        {"actions":5,"db":"rkdebug.sqlite","effects":2,"feature":"counter","fromEffects":2,\
        "sent":3,"session":1}

        """
    )
  }

  @Test func recordsAnActionsFileAndWaitsForEffects() throws {
    let scratch = try TemporaryDirectory()
    let actions = try scratch.write(
      """
      {"increment":{}}

      {"increment":{}}
      {"delayedIncrementButtonTapped":{}}
      {"factButtonTapped":{}}
      """,
      to: "actions.jsonl"
    )
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", actions, "--json"], in: scratch.url
    )
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        {"actions":6,"db":"rkdebug.sqlite","effects":2,"feature":"counter","fromEffects":2,\
        "sent":4,"session":1}

        """
    )
    let reader = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
    let state = try reader.state(Counter.State.self, at: reader.actionCount)
    #expect(state == Counter.State(count: 3, fact: "3 is the number of primary colors."))
    #expect(try reader.action(at: 4).source == .effect(effectID: 1, parentIndex: 3))
  }

  @Test func readsActionsFromStandardInput() throws {
    let scratch = try TemporaryDirectory()
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "-", "--snapshot-interval", "2"],
      in: scratch.url, stdin: "{\"increment\":{}}\n{\"decrement\":{}}\n{\"decrement\":{}}\n"
    )
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        recorded session 1 of 'counter' into rkdebug.sqlite: 3 actions (3 sent, 0 from \
        effects), 0 effects

        """
    )
    let log = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite"))
    #expect(try log.session().snapshotInterval == 2)
  }

  @Test func malformedLineIsReportedAndNothingIsRecorded() throws {
    let scratch = try TemporaryDirectory()
    let actions = try scratch.write(
      "{\"increment\":{}}\n{\"incremnet\":{}}\n{\"increment\":{}}\n", to: "actions.jsonl"
    )
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", actions], in: scratch.url
    )
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderrLines.count == 1)
    #expect(
      run.stderrLines.first?.hasPrefix(
        "rkdebug: error: line 2 of '\(actions)' is not a ReducerKitSamples.Counter.Action: "
      ) == true
    )
    #expect(run.stderr.contains("; nothing was recorded"))
    #expect(!FileManager.default.fileExists(atPath: scratch.path("rkdebug.sqlite")))
  }

  @Test func standardInputIsCheckedBeforeAnythingIsRecorded() throws {
    let scratch = try TemporaryDirectory()
    let malformed = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "-"], in: scratch.url,
      stdin: "{\"increment\":{}}\r\n\n{\"incremnet\":{}}\n"
    )
    #expect(malformed.status == 1)
    #expect(malformed.stderrLines.count == 1)
    #expect(
      malformed.stderr.hasPrefix(
        "rkdebug: error: line 3 of standard input is not a ReducerKitSamples.Counter.Action: "
      )
    )
    #expect(malformed.stderr.contains("; nothing was recorded"))
    let empty = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "-"], in: scratch.url, stdin: "\n  \n"
    )
    #expect(empty.status == 1)
    #expect(
      empty.stderrLines == ["rkdebug: error: standard input holds no actions; nothing was recorded"]
    )
    #expect(!FileManager.default.fileExists(atPath: scratch.path("rkdebug.sqlite")))
  }

  @Test func actionsFromAPipeAreReadOnceAndAllSent() throws {
    let scratch = try TemporaryDirectory()
    let pipe = scratch.path("actions.fifo")
    #expect(mkfifo(pipe, 0o600) == 0)
    // What `--actions <(…)` gives: a path that can be read only once.
    Thread.detachNewThread {
      let descriptor = open(pipe, O_WRONLY)
      let text = String(repeating: "{\"increment\":{}}\n", count: 3)
      _ = text.withCString { write(descriptor, $0, strlen($0)) }
      close(descriptor)
    }
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", pipe], in: scratch.url
    )
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains(": 3 actions (3 sent, 0 from effects)"))
  }

  @Test func malformedLineLeavesAnExistingLogUnchanged() throws {
    let scratch = try TemporaryDirectory()
    let first = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--random", "5"], in: scratch.url
    )
    #expect(first.status == 0, "\(first.stderr)")
    let before = try scratch.fingerprint()
    let actions = try scratch.write("not json\n", to: "actions.jsonl")
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", actions], in: scratch.url
    )
    #expect(run.status == 1)
    #expect(run.stderr.hasPrefix("rkdebug: error: line 1 of '\(actions)' is not a "))
    #expect(try scratch.fingerprint() == before)
  }

  @Test func unknownFeatureListsTheRegisteredOnes() throws {
    let scratch = try TemporaryDirectory()
    let run = try RKDebugProcess.run(
      ["record", "--feature", "countr", "--random", "3"], in: scratch.url
    )
    #expect(run.status == 1)
    #expect(
      run.stderr == """
        rkdebug: error: unknown feature 'countr'; this rkdebug registers: app, counter, \
        library, playlist, search, todos (see 'rkdebug features')

        """
    )
    #expect(!FileManager.default.fileExists(atPath: scratch.path("rkdebug.sqlite")))
  }

  @Test(arguments: [
    (["record", "--feature", "counter"], "Pass --actions FILE (or '-') or --random N."),
    (
      ["record", "--feature", "counter", "--random", "3", "--actions", "a.jsonl"],
      "Pass either --actions or --random, not both."
    ),
    (["record", "--feature", "counter", "--random", "0"], "--random needs a count of 1 or more."),
  ])
  func usageErrors(arguments: [String], message: String) {
    expectUsageError(arguments, "\(message) (see 'rkdebug help record')")
  }

  @Test func missingActionsFile() throws {
    let scratch = try TemporaryDirectory()
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "nope.jsonl"], in: scratch.url
    )
    #expect(run.status == 1)
    #expect(
      run.stderrLines == ["rkdebug: error: cannot read the actions file 'nope.jsonl': no such file"]
    )
  }

  @Test func actionLinesSkipBlankLinesAndKeepNumbers() throws {
    let scratch = try TemporaryDirectory()
    let file = try scratch.write("a\n\n  \r\nb\r\n\u{A0}\nc", to: "lines.jsonl")
    let reader = try ActionLineReader(path: file)
    var lines: [ActionLine] = []
    while let line = try reader.next() { lines.append(line) }
    #expect(
      lines == [
        ActionLine(number: 1, text: "a"), ActionLine(number: 4, text: "b"),
        ActionLine(number: 6, text: "c"),
      ]
    )
  }

  @Test func actionLinesAreBoundedInLengthAndDepth() throws {
    let scratch = try TemporaryDirectory()
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let deepFile = try scratch.write("{\"increment\":{}}\n\(deep)\n", to: "deep.jsonl")
    let deepRun = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", deepFile], in: scratch.url)
    #expect(deepRun.status == 1)
    #expect(deepRun.stderrLines.count == 1)
    #expect(
      deepRun.stderr.hasPrefix(
        "rkdebug: error: line 2 of '\(deepFile)' is not a ReducerKitSamples.Counter.Action"))

    let long =
      "{\"increment\":{}}" + String(repeating: " ", count: InputLimits.maximumActionLineLength)
    let longFile = try scratch.write(long + "\n", to: "long.jsonl")
    let longRun = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", longFile], in: scratch.url)
    #expect(longRun.status == 1)
    #expect(
      longRun.stderrLines == [
        "rkdebug: error: line 1 of '\(longFile)' is \(long.utf8.count) bytes long; an action "
          + "line is at most 16777216 bytes (16 MiB); nothing was recorded"
      ])
    #expect(!FileManager.default.fileExists(atPath: scratch.path("rkdebug.sqlite")))
  }
}
