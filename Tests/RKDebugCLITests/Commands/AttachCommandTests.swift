import Foundation
import RKDebugCLI
import ReducerKitDebug
import Testing

/// `rkdebug attach` in one process and a live sample app in another: after each control the
/// app's state is what `state --at` and `replay --skip` compute offline from its log, and the
/// log holds each control as an entry.
@Suite(.serialized) struct AttachCommandTests {
  /// The JSON states an attach run printed (`state` prints indented JSON, from a `{` line to
  /// a `}` line).
  private func states(in output: String) throws -> [JSONValue] {
    var states: [JSONValue] = []
    var lines: [Substring]?
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      if line == "{" { lines = [] }
      lines?.append(line)
      if line == "}", let text = lines {
        states.append(try JSONValue(parsing: text.joined(separator: "\n")))
        lines = nil
      }
    }
    return states
  }

  private func attach(_ app: LiveSample, _ commands: [String]) throws -> ProcessResult {
    try RKDebugProcess.run(
      ["attach", app.url, "--token", app.token], stdin: commands.joined(separator: "\n") + "\n")
  }

  private func stateAt(_ index: Int, in log: String) throws -> JSONValue {
    let result = try RKDebugProcess.run(["state", "--db", log, "--at", String(index), "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONValue(parsing: result.stdout)
  }

  private func entries(of log: String) throws -> [JSONValue] {
    let result = try RKDebugProcess.run(["log", "--db", log, "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    return try result.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
  }

  /// The index of the last entry labelled `label`.
  private func index(of label: String, in log: String) throws -> Int? {
    try entries(of: log).last { $0.objectValue?["label"]?.stringValue == label }?
      .objectValue?["index"]?.intValue
  }

  @Test func pauseJumpResumeSkipDispatchAndLoadMatchTheOfflineCommands() async throws {
    let app = try LiveSample()
    let count = try await app.settled(atLeast: 40)

    // pause, jump 10, resume.
    let run = try attach(app, ["pause", "jump 10", "state", "resume", "state", "quit"])
    #expect(run.status == 0, "\(run.stderr)")
    let shown = try states(in: run.stdout)
    #expect(shown.count == 2)
    #expect(shown.first == (try stateAt(10, in: app.log)))
    #expect(shown.last == (try stateAt(count, in: app.log)))
    #expect(try index(of: "rkdebug paused the app", in: app.log) == count + 1)
    #expect(try index(of: "rkdebug jumped to 10", in: app.log) == count + 2)
    #expect(try index(of: "rkdebug resumed the app", in: app.log) == count + 3)
    #expect(try stateAt(count + 2, in: app.log) == (try stateAt(10, in: app.log)))

    // skip K: an action whose skipping changes the final state, found offline.
    let end = count + 3
    var skipped: (index: Int, state: JSONValue)?
    for candidate in 1...count {
      let replay = try RKDebugProcess.run(
        ["replay", "--db", app.log, "--skip", String(candidate), "--to", String(end), "--json"])
      guard let answer = try? JSONValue(parsing: replay.stdout),
        let actual = answer.objectValue?["finalDifference"]?.objectValue?["actual"]
      else { continue }
      skipped = (candidate, actual)
      break
    }
    let skip = try #require(skipped)
    let skipRun = try attach(app, ["skip \(skip.index)", "state", "unskip \(skip.index)", "state"])
    #expect(skipRun.status == 0, "\(skipRun.stderr)")
    let skipStates = try states(in: skipRun.stdout)
    #expect(skipStates.first == skip.state)
    #expect(skipStates.last == (try stateAt(end, in: app.log)))
    #expect(try index(of: "rkdebug skipped \(skip.index)", in: app.log) == end + 1)
    #expect(try stateAt(end + 1, in: app.log) == skip.state)

    // dispatch.
    let dispatchRun = try attach(app, [#"dispatch {"filterPicked":{"_0":"completed"}}"#, "state"])
    #expect(dispatchRun.status == 0, "\(dispatchRun.stderr)")
    let dispatched = try #require(try states(in: dispatchRun.stdout).first)
    #expect(dispatched.objectValue?["filter"] == .string("completed"))
    let marker = try #require(try index(of: "rkdebug dispatched the next action", in: app.log))
    #expect(try stateAt(marker + 1, in: app.log) == dispatched)

    // load the state of a bug report: another session's export.
    let report = app.scratch.path("report.sqlite")
    _ = try RKDebugProcess.run(
      ["record", "--db", report, "--feature", "todos", "--random", "12", "--seed", "3"])
    let export = try RKDebugProcess.run(["export", "--db", report])
    #expect(export.status == 0, "\(export.stderr)")
    let exportFile = try app.scratch.write(export.stdout, to: "report.jsonl")
    let loadRun = try attach(app, ["load \(exportFile) 5", "state"])
    #expect(loadRun.status == 0, "\(loadRun.stderr)")
    let loaded = try #require(try states(in: loadRun.stdout).first)
    #expect(loaded == (try stateAt(5, in: report)))
    #expect(try index(of: "rkdebug loaded the state of \(exportFile) at 5", in: app.log) != nil)
    // ...and of a page `ui --export` wrote for the bug.
    let page = app.scratch.path("bug.html")
    let exported = try RKDebugProcess.run(
      ["ui", "--db", report, "--export", page, "--from", "4", "--to", "10"])
    #expect(exported.status == 0, "\(exported.stderr)")
    let pageRun = try attach(app, ["load \(page) 7", "state", "load \(page) 11"])
    #expect(pageRun.status == 1)
    #expect(pageRun.stderr.contains("holds the states 3…10 of its session, not 11"))
    #expect(try states(in: pageRun.stdout).first == (try stateAt(7, in: report)))

    let stopped = try app.stop()
    #expect(stopped.status == 0, "\(stopped.stderr)")
    // The whole log, controls included, replays through the sample's reducer.
    let replay = try RKDebugProcess.run(["replay", "--db", app.log])
    #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
    // An export of it imports as the same session, controls and all.
    let exportedLive = try RKDebugProcess.run(["export", "--db", app.log])
    let copy = app.scratch.path("copy.sqlite")
    let imported = try RKDebugProcess.run(["import", "--db", copy, "-"], stdin: exportedLive.stdout)
    #expect(imported.status == 0, "\(imported.stderr)")
    let jumpEntry = count + 2
    #expect(try stateAt(jumpEntry, in: copy) == (try stateAt(jumpEntry, in: app.log)))
    #expect(try RKDebugProcess.run(["replay", "--db", copy]).status == 0)
    // testgen cannot write what the debugger did, and says where to stop.
    let testgen = try RKDebugProcess.run(["testgen", "--db", app.log])
    #expect(testgen.status == 1)
    #expect(
      testgen.stderr
        == "rkdebug: error: entry \(count + 1) ('rkdebug paused the app') is what a live "
        + "debugger did to the app, which testgen cannot write; end the test before it with "
        + "--to \(count)\n")
  }

  @Test func aScriptsRefusedCommandEndsTheRunAndLeavesTheAppRunning() async throws {
    let app = try LiveSample(actions: 5)
    let count = try await app.settled(atLeast: 5)
    let run = try attach(app, ["pause", "jump \(count + 50)", "state"])
    #expect(run.status == 1)
    #expect(
      run.stderr
        == "rkdebug: error: line 2 of attach's input, 'jump \(count + 50)': there is no entry "
        + "\(count + 50): the session's entries are 1…\(count + 1)\n")
    // Detaching returned the app to the present: running, nothing held.
    let status = try await app.status()
    #expect(!status.paused && status.jumpedTo == nil)
    #expect(try index(of: "rkdebug resumed the app", in: app.log) == count + 2)
  }

  @Test func attachWithoutTheRightTokenIsRefused() async throws {
    let app = try LiveSample(actions: 1)
    let wrong = try RKDebugProcess.run(["attach", app.url, "--token", "guess"], stdin: "status\n")
    #expect(wrong.status == 1)
    #expect(
      wrong.stderr
        == "rkdebug: error: the app at \(app.url) refused to attach: the live link needs its "
        + "token (Authorization: Bearer TOKEN, as the app printed it)\n")
    let none = try RKDebugProcess.run(["attach", app.url], stdin: "status\n")
    #expect(none.status == 64)
    let badURL = try RKDebugProcess.run(["attach", "http://x", "--token", "t"])
    #expect(badURL.status == 1)
    #expect(badURL.stderr.contains("is not a live link's address"))
    #expect(app.running.process.isRunning)
  }
}
