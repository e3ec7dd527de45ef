import CasePaths
import Clocks
import ReducerKitSamples
import ReducerKitTesting
import Testing

/// The failures `TestStore` reports, with their messages, checked through Swift Testing's
/// known issues.
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func sendMismatchShowsADiff() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter().testDependencies() }
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      issue.description.contains(
        """
        A state change does not match expectation: …

            \u{2007} Counter.State(
            −   count: 2,
            +   count: 1,
        """
      ) && issue.description.contains("(Expected: −, Actual: +)")
    }
  }

  @Test func unexpectedStateChange() async {
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) { Counter().testDependencies() }
      await store.send(.increment)
    } matching: { issue in
      issue.description.contains("State was not expected to change, but a change occurred: …")
    }
  }

  @Test func closureThatChangesNothing() async {
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.add(0)) { $0.total = 0 }
    } matching: { issue in
      issue.description.contains("Expected state to change, but no change occurred.")
    }
  }

  @Test func unexpectedReceivedAction() async {
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.echo("hi"))
      await store.receive(.echoed("ho")) { $0.log = ["hi"] }
    } matching: { issue in
      issue.description.contains(
        """
        Received unexpected action: …

            − Tally.Action.echoed("ho")
            + Tally.Action.echoed("hi")

        (Expected: −, Received: +)
        """
      )
    }
  }

  @Test func receiveWithoutAnyEffect() async {
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.add(1)) { $0.total = 1 }
      await store.receive(\.added)
    } matching: { issue in
      issue.description.contains(
        "Expected to receive an action matching case path, but didn't get one."
      )
    }
  }

  @Test func receiveTimesOutNamingTheEffectsInFlight() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: clock))
      await store.send(.addLater(1))
      await store.receive(.added(1), timeout: .milliseconds(50)) { $0.total = 1 }
      await store.skipInFlightEffects()
    } matching: { issue in
      issue.description.contains(
        "Expected to receive an action, but received none after 0.05 seconds."
      ) && issue.description.contains("  • a run effect, returned for Tally.Action.addLater(1)")
    }
  }

  @Test func unreceivedActionsFailAtTheEnd() async {
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.echo("hi"))
    } matching: { issue in
      issue.description.contains(
        """
        The store received 1 unexpected action after this one: …

        Unhandled actions: [
          [0]: .echoed("hi")
        ]
        """
      )
    }
  }

  @Test func sendBeforeHandlingReceivedActions() async {
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.echo("hi"))
      await store.send(.add(1)) { $0.total = 1 }
    } matching: { issue in
      issue.description.contains("Must handle 1 received action before sending an action: …")
    }
  }

  @Test func unfinishedEffectFailsAtTheEndNamingActionAndEffect() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Counter.State()) {
        Counter().testDependencies(clock: clock)
      }
      await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    } matching: { issue in
      issue.description.contains(
        """
        An effect returned for this action is still running. It must complete before the end \
        of the test. …

          Action: Counter.Action.delayedIncrementButtonTapped
          Effect: a run effect (cancel id: delayedIncrement)
        """
      )
    }
  }

  @Test func finishTimesOut() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: clock))
      await store.send(.startTimer)
      await store.finish(timeout: .milliseconds(20))
      await store.skipInFlightEffects()
    } matching: { issue in
      issue.description.contains(
        "Expected effects to finish, but there are still effects in-flight after 0.02 seconds."
      ) && issue.description.contains("  • a run effect (cancel id: timer), returned for")
    }
  }

  @Test func taskFinishTimesOut() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: clock))
      let task = await store.send(.startTimer)
      await task.finish(timeout: .milliseconds(20))
      await task.cancel()
    } matching: { issue in
      issue.description.contains(
        "Expected task to finish, but it is still in-flight after 0.02 seconds."
      )
    }
  }

  @Test func failureIsReportedAtTheCallSite() async throws {
    let collector = FailureCollector()
    await collector.capture {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.add(1)) { $0.total = 2 }
    }
    let failure = try #require(collector.failures.first)
    #expect(collector.failures.count == 1)
    #expect("\(failure.fileID)" == "ReducerKitTestingTests/TestStoreFailureTests.swift")
    #expect(failure.line == #line - 5)
    #expect(
      failure.message == """
        A state change does not match expectation: …

            \u{2007} Tally.State(
            −   total: 2,
            +   total: 1,
            \u{2007}   log: []
            \u{2007} )

        (Expected: −, Actual: +)
        """
    )
  }
}
