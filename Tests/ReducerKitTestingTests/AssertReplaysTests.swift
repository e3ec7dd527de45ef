import Clocks
import ReducerKitSamples
import ReducerKitTesting
import Testing

@MainActor
@Suite struct AssertReplaysTests {
  let temporary = TemporaryDirectory()

  /// Records a short Counter session into `log` through a `TestStore`.
  private func recordCounterSession(into log: TestLog) async {
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter().testDependencies(),
      recording: log, feature: Counter.name
    )
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(\.factResponse) {
      $0.isLoadingFact = false
      $0.fact = "2 is the only even prime."
    }
    await store.send(.decrement) {
      $0.count = 1
      $0.fact = nil
    }
  }

  @Test func sameReducerReplays() async throws {
    let log = try TestLog.inMemory()
    await recordCounterSession(into: log)
    assertReplays(log: log, reducer: Counter().testDependencies())
  }

  @Test func replayFromAFilePath() async throws {
    let log = try TestLog.file(named: "Counter.replay", in: temporary.path)
    await recordCounterSession(into: log)
    try log.close()
    assertReplays(path: try #require(log.path), reducer: Counter().testDependencies())
  }

  @Test func divergenceReportsIndexActionAndDiff() async throws {
    let log = try TestLog.inMemory()
    await recordCounterSession(into: log)
    withKnownIssue {
      assertReplays(log: log, reducer: BrokenCounter())
    } matching: { issue in
      issue.description.contains(
        """
        Replay of session 1 ("counter") diverged at action 1: …

          Action 1: Counter.Action.increment
          Sent by: the caller

            \u{2007} Counter.State(
            −   count: 1,
            +   count: 2,
        """
      ) && issue.description.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func divergenceInAFileNamesTheReplayCommand() async throws {
    let log = try TestLog.file(named: "Counter.divergence", in: temporary.path)
    let path = try #require(log.path)
    await recordCounterSession(into: log)
    withKnownIssue {
      assertReplays(path: path, reducer: BrokenCounter())
    } matching: { issue in
      issue.description.contains("diverged at action 1")
        && issue.description.contains("rkdebug replay --db \(path) --session 1")
    }
  }

  @Test func missingLogFails() async {
    withKnownIssue {
      assertReplays(path: "/nonexistent/none.sqlite", reducer: Counter())
    } matching: { issue in
      issue.description.contains("Cannot open the log to replay")
    }
  }
}
