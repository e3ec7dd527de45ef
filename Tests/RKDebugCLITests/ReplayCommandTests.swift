import Foundation
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

@testable import RKDebugCLI
@testable import ReducerKitDebug

/// `rkdebug replay` and the replay engine under it.
@Suite struct ReplayCommandTests {
  /// Records the counter actions `lines` (JSON Lines) with the shipped `rkdebug`.
  private func recordCounter(_ lines: String, in scratch: TemporaryDirectory) throws {
    let actions = try scratch.write(lines, to: "actions.jsonl")
    let run = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", actions], in: scratch.url
    )
    #expect(run.status == 0, "\(run.stderr)")
  }

  private static let counterActions = """
    {"increment":{}}
    {"increment":{}}
    {"decrement":{}}
    {"factButtonTapped":{}}
    {"increment":{}}

    """

  // MARK: - Through the executable

  @Test func replayMatchesTheLog() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let before = try scratch.fingerprint()
    let run = try RKDebugProcess.run(["replay"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    // The types did not change since the recording: no fingerprint warning.
    #expect(run.stderr.isEmpty)
    #expect(
      run.stdout.hasPrefix(
        "replayed actions 1...6 of session 1 ('counter'): every state matches the log "
          + "(6 actions in "
      )
    )
    #expect(try scratch.fingerprint() == before)
  }

  @Test func replayStopsAtTo() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let run = try RKDebugProcess.run(["replay", "--to", "3", "--json"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try JSONValue(parsing: run.stdout)
    #expect(json["result"] == "match")
    #expect(json["to"] == 3)
    #expect(json["replayed"] == 3)
    #expect(json["divergence"] == .null)
  }

  @Test func skipShowsHowTheFinalStateDiffers() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let run = try RKDebugProcess.run(["replay", "--skip", "1"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix("replayed actions 1...6 of session 1 ('counter') without action 1 (")
        == true)
    #expect(
      Array(lines.dropFirst()) == [
        "without it, the state at 6 differs from the recorded one, recorded (-) vs replayed (+):",
        "  Counter.State(",
        "-   count: 2,",
        "+   count: 1,",
        "    fact: nil,",
        "    factError: nil,",
        "    isLoadingFact: false,",
        "    pendingIncrements: 0",
        "  )",
      ]
    )
  }

  @Test func skipOfAnActionThatChangedNothingKeepsTheState() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter("{\"increment\":{}}\n{\"reset\":{}}\n{\"increment\":{}}\n", in: scratch)
    let run = try RKDebugProcess.run(["replay", "--skip", "1", "--skip", "2"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("without actions 1, 2 ("))
    #expect(run.stdout.hasSuffix("without them, the state at 3 is the same as the recorded one\n"))
  }

  @Test func sessionOfAnUnregisteredFeature() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        Shelf(), initialState: Shelf.State(), actions: [.increment], feature: "gauge"
      )
    }
    let before = try log.fingerprint()
    let run = try log.run(["replay"])
    #expect(run.status == 1)
    #expect(
      run.stderr == """
        rkdebug: error: session 1 was recorded by feature 'gauge', which this rkdebug does not \
        register (it registers: app, counter, library, playlist, search, todos); replaying needs the feature's \
        reducer: call RKDebug.main(features:) with it

        """
    )
    #expect(try log.fingerprint() == before)
  }

  @Test func sessionUnderTheReducersTypeNameFindsItsFeatureByItsTypes() async throws {
    // A recorder given no name (as a TestStore recording to REDUCERKIT_RECORD_DIR, or an
    // app's own `recording(to:)`) lists the session under the reducer's type name.
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.record(
        Todos()._printChanges(printed.printer()),
        initialState: Todos.State(),
        actions: [
          .addTodoButtonTapped, .todos(.element(id: UUID(0), action: .titleChanged("Milk"))),
          .filterPicked(.completed),
        ],
        feature: nil
      )
    }
    let session = try JSONValue(parsing: try log.run(["sessions", "--json"]).stdout)
    #expect(session["feature"] != .string(Todos.name))
    let before = try log.fingerprint()

    let replay = try log.run(["replay"])
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("every state matches the log"))
    let divergence = try log.run(["bisect", "--divergence"])
    #expect(divergence.status == 0, "\(divergence.stderr)")
    #expect(divergence.stdout.hasPrefix("the current reducer agrees with all 3 actions"))
    // The typed changes, byte-identical to the live _printChanges().
    let changes = try log.run(["changes"])
    #expect(changes.stderr == "")
    #expect(changes.stdout == printed.output)
    #expect(try log.fingerprint() == before)
  }

  @Test func actionsThatNoLongerDecode() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        LegacyCounter(), initialState: Counter.State(),
        actions: [.increment, .double, .decrement], feature: "counter"
      )
    }
    let before = try log.fingerprint()
    let run = try log.run(["replay"])
    #expect(run.status == 1)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderrLines == [
        "rkdebug: warning: session 1 was recorded with action type "
          + "RKDebugCLITests.LegacyCounter.Action, not ReducerKitSamples.Counter.Action; the "
          + "replay may diverge",
        "rkdebug: error: action 2 (LegacyCounter.Action.double) no longer decodes as "
          + "ReducerKitSamples.Counter.Action: no case named 'double' at the top level; the "
          + "action type changed since the session was recorded, so the session cannot be "
          + "replayed",
      ]
    )
    #expect(try log.fingerprint() == before)
  }

  @Test func stepperReadsCommandsFromStandardInput() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let run = try RKDebugProcess.run(
      ["replay", "--step"], in: scratch.url,
      stdin: "next\nn 2\ns count\nd\nb\nback 5\nj 6\nu count >= 2\nj 0\nu count >= 2\nq\nnext\n"
    )
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout == """
        stepping through session 1 ('counter'): 6 actions; type 'help' for the commands
        at 0 of 6: the initial state
        at 1 of 6: action 1 (send) Counter.Action.increment
        at 3 of 6: action 3 (send) Counter.Action.decrement
        1
        received action:
          Counter.Action.decrement
          Counter.State(
        -   count: 2,
        +   count: 1,
            fact: nil,
            factError: nil,
            isLoadingFact: false,
            pendingIncrements: 0
          )

        at 2 of 6: action 2 (send) Counter.Action.increment
        at 0 of 6: the initial state
        at 6 of 6: action 6 (send) Counter.Action.increment
        count >= 2 does not hold at any index after 6; staying at 6
        at 0 of 6: the initial state
        at 2 of 6: action 2 (send) Counter.Action.increment

        """
    )
  }

  /// Counts and indices at the edge of `Int` move to the ends, or are refused, never overflow.
  @Test func stepperTakesHugeNumbers() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let run = try RKDebugProcess.run(
      ["replay", "--step"], in: scratch.url,
      stdin: "next 9223372036854775807\nback 9223372036854775807\nn\n"
        + "next 9223372036854775807\nj 9223372036854775807\n")
    #expect(run.status == 1)
    #expect(
      run.stdout == """
        stepping through session 1 ('counter'): 6 actions; type 'help' for the commands
        at 0 of 6: the initial state
        at 6 of 6: action 6 (send) Counter.Action.increment
        at 0 of 6: the initial state
        at 1 of 6: action 1 (send) Counter.Action.increment
        at 6 of 6: action 6 (send) Counter.Action.increment

        """
    )
    #expect(
      run.stderrLines == [
        "rkdebug: error: line 5 of the stepper's input, 'j 9223372036854775807': index "
          + "9223372036854775807 is out of range: this session has indices 0...6"
      ])
  }

  @Test(arguments: [
    (
      "n\nnext 99999999999999999999\n",
      "line 2 of the stepper's input, 'next 99999999999999999999': 'next' takes a count of 1 or "
        + "more: next 5"
    ),
    (
      "next\nfrob\nnext\n",
      "line 2 of the stepper's input, 'frob': unknown command 'frob'; type 'help' for the commands"
    ),
    (
      "n\n\n  j 99  \nn\n",
      "line 3 of the stepper's input, 'j 99': index 99 is out of range: this session has "
        + "indices 0...6"
    ),
    (
      "n\ns cont\n",
      "line 2 of the stepper's input, 's cont': no 'cont' in the state; did you mean 'count'?"
    ),
    (
      "n\nu count >\n",
      "line 2 of the stepper's input, 'u count >': expected a value after '>' at column 8"
    ),
    (
      "n\nnext 0\n",
      "line 2 of the stepper's input, 'next 0': 'next' takes a count of 1 or more: next 5"
    ),
  ])
  func aBadLineEndsAScript(stdin: String, message: String) throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let before = try scratch.fingerprint()
    let run = try RKDebugProcess.run(["replay", "--step"], in: scratch.url, stdin: stdin)
    #expect(run.status == 1)
    #expect(run.stderrLines == ["rkdebug: error: \(message)"])
    // What the lines before it printed, and nothing after.
    #expect(
      run.stdout == """
        stepping through session 1 ('counter'): 6 actions; type 'help' for the commands
        at 0 of 6: the initial state
        at 1 of 6: action 1 (send) Counter.Action.increment

        """
    )
    #expect(try scratch.fingerprint() == before)
  }

  /// The counter feature as the shipped rkdebug registers it, with an immediate clock.
  private static let counterFeature = DebugFeature.feature(
    "counter", summary: "A counter", reducer: { Counter().testDependencies() },
    initialState: { Counter.State() }
  )

  @Test func aBadCommandTypedOnATerminalIsReportedAndTheStepperGoesOn() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let reader = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
    var output: [String] = []
    let stepper = Stepper(
      replayer: try Self.counterFeature.erased.replayer(for: reader),
      changeText: ChangeText(session: reader.session),
      input: .lines(["frob", "j 99", "s cont", "n", "q"], isInteractive: true),
      terminal: .plain, write: { output.append($0) }
    )
    try stepper.run()
    #expect(
      output == [
        "stepping through session 1 ('counter'): 6 actions; type 'help' for the commands",
        "at 0 of 6: the initial state",
        "error: unknown command 'frob'; type 'help' for the commands",
        "error: index 99 is out of range: this session has indices 0...6",
        "error: no 'cont' in the state; did you mean 'count'?",
        "at 1 of 6: action 1 (send) Counter.Action.increment",
      ]
    )
  }

  @Test(arguments: [
    (["replay", "--step", "--json"], "--step is interactive; it does not combine with --json."),
    (
      ["replay", "--step", "--to", "3"],
      "--step does not combine with --to or --skip; use 'jump N' inside the stepper."
    ),
    (["replay", "--skip", "0"], "--skip 0: actions are numbered from 1."),
  ])
  func usageErrors(arguments: [String], message: String) {
    expectUsageError(arguments, "\(message) (see 'rkdebug help replay')")
  }

  @Test func toOutOfRange() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let run = try RKDebugProcess.run(["replay", "--to", "7"], in: scratch.url)
    #expect(run.status == 1)
    #expect(
      run.stderrLines.last == "rkdebug: error: --to 7 is out of range: session 1 has actions 1...6"
    )
    #expect(run.stderrLines.filter { $0.hasPrefix("rkdebug: error:") }.count == 1)
  }

  // MARK: - A changed reducer, in process

  /// The counter feature as it would be registered after `decrement` was broken.
  private static let miscountingFeature = DebugFeature.feature(
    "counter", summary: "A broken counter", reducer: { MiscountingCounter() },
    initialState: { Counter.State() }
  )

  @Test func changedReducerDivergesAtTheFirstAffectedAction() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let reader = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
    let replayer = try Self.miscountingFeature.erased.replayer(for: reader)
    let result = try replayer.run(to: nil, skipping: [], progress: nil)
    let divergence = try #require(result.divergence)
    #expect(divergence.index == 3)
    #expect(divergence.label == "Counter.Action.decrement")
    #expect(divergence.source == .send)
    #expect(result.lastIndex == 3)
    #expect(
      divergence.difference.diff == """
          Counter.State(
        -   count: 1,
        +   count: 0,
            fact: nil,
            factError: nil,
            isLoadingFact: false,
            pendingIncrements: 0
          )
        """
    )
    #expect(divergence.difference.expected["count"] == 1)
    #expect(divergence.difference.actual["count"] == 0)
    #expect(
      ReplayReport.divergenceText(divergence) == """
        divergence at action 3 (send):
          Counter.Action.decrement
        the state after action 3, recorded (-) vs replayed (+):
        \(divergence.difference.diff)
        """
    )
  }

  @Test func stepperReportsTheDivergenceOnceAndKeepsShowingRecordedStates() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let reader = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
    var output: [String] = []
    let stepper = Stepper(
      replayer: try Self.miscountingFeature.erased.replayer(for: reader),
      changeText: ChangeText(session: reader.session),
      input: .lines(["j 4", "s count", "b", "n", "q"]), terminal: .plain,
      write: { output.append($0) }
    )
    try stepper.run()
    #expect(stepper.divergence?.index == 3)
    #expect(
      output.joined(separator: "\n") == """
        stepping through session 1 ('counter'): 6 actions; type 'help' for the commands
        at 0 of 6: the initial state
        divergence at action 3 (send):
          Counter.Action.decrement
        the state after action 3, recorded (-) vs replayed (+):
          Counter.State(
        -   count: 1,
        +   count: 0,
            fact: nil,
            factError: nil,
            isLoadingFact: false,
            pendingIncrements: 0
          )
        (the replay stops here; the stepper goes on showing the recorded states)
        at 4 of 6: action 4 (send) Counter.Action.factButtonTapped [recorded state; the replay \
        diverged at 3]
        1
        at 3 of 6: action 3 (send) Counter.Action.decrement [recorded state; the replay \
        diverged at 3]
        at 4 of 6: action 4 (send) Counter.Action.factButtonTapped [recorded state; the replay \
        diverged at 3]
        """
    )
  }

  @Test func engineSkipsAndReplaysWithoutChecking() throws {
    let scratch = try TemporaryDirectory()
    try recordCounter(Self.counterActions, in: scratch)
    let reader = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
    let engine = try ReplayEngine(reader: reader, reducer: Counter().testDependencies())
    #expect(try engine.step().outcome == .matched)
    #expect(try engine.step(skipping: true).outcome == .skipped)
    #expect(try engine.step().outcome == .unchecked)
    #expect(engine.state.count == 0)
    #expect(engine.skipped == [2])
    let difference = try #require(try engine.differenceFromRecording())
    #expect(difference.index == 3)
    #expect(difference.expected["count"] == 1)
  }

  @Test func engineWarnsWhenTheStateTypeChanged() throws {
    let session = try Self.session(stateType: "ReducerKitSamples.Counter.State", fingerprint: "0")
    let warnings = ReplayEngine<Counter>.typeWarnings(for: session, initialState: Counter.State())
    #expect(
      warnings.first?.hasPrefix(
        "the state type ReducerKitSamples.Counter.State changed since session 7 was recorded "
          + "(fingerprint 0, now "
      ) == true
    )
  }

  /// A session row as the log would list it.
  private static func session(stateType: String, fingerprint: String) throws -> LoggedSession {
    let json = """
      {"id":7,"uuid":"u","feature":"counter","stateType":"\(stateType)",
      "actionType":"\(String(reflecting: Counter.Action.self))",
      "stateFingerprint":"\(fingerprint)",
      "actionFingerprint":"\(TypeFingerprint.of(Counter.Action.self))",
      "snapshotInterval":1000,"durability":"buffered","startedAt":0,"actionCount":0,
      "effectCount":0}
      """
    return try JSONDecoder().decode(LoggedSession.self, from: Data(json.utf8))
  }
}
