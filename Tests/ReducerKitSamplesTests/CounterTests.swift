import Clocks
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitTesting
import Testing

@MainActor
@Suite("Counter", .timeLimit(.minutes(1)))
struct CounterTests {
  @Test func incrementDecrementAndReset() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter().testDependencies()
    }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.decrement) { $0.count = 1 }
    await store.send(.reset) { $0 = Counter.State() }
  }

  @Test func delayedIncrementLandsAfterTheDelay() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter().testDependencies(clock: clock)
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await clock.waitForSleeps(1)

    await clock.advance(by: .milliseconds(999))
    // One millisecond short of the delay, the increment is still asleep on the clock.
    await #expect(throws: (any Error).self) { try await clock.checkSuspension() }

    await clock.advance(by: .milliseconds(1))
    await store.receive(\.delayedIncrementResponse) {
      $0.count = 1
      $0.pendingIncrements = 0
    }
  }

  @Test func delayedIncrementsEachLand() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter().testDependencies(clock: clock)
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 2 }
    await clock.waitForSleeps(2)

    await clock.advance(by: .milliseconds(500))
    await store.receive(\.delayedIncrementResponse) {
      $0.count = 1
      $0.pendingIncrements = 1
    }
    // The second increment, tapped half a second later, is still asleep.
    await #expect(throws: (any Error).self) { try await clock.checkSuspension() }

    await clock.advance(by: .milliseconds(500))
    await store.receive(\.delayedIncrementResponse) {
      $0.count = 2
      $0.pendingIncrements = 0
    }
  }

  @Test func resetCancelsDelayedIncrements() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter().testDependencies(clock: clock)
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await store.send(.reset) { $0.pendingIncrements = 0 }
    // The clock has not moved: the increment ends only because it was cancelled.
    await store.finish()
    try await clock.checkSuspension()

    // Nothing is left to land: the store would fail on an action it did not expect.
    await clock.advance(by: .seconds(5))
  }

  @Test func factResponse() async {
    let store = TestStore(initialState: Counter.State(count: 7)) {
      Counter().testDependencies()
    }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(\.factResponse, "7 is the number of days in a week.") {
      $0.isLoadingFact = false
      $0.fact = "7 is the number of days in a week."
    }

    await store.send(.increment) {
      $0.count = 8
      $0.fact = nil
    }
  }

  @Test func factFailureGoesThroughCatch() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter().testDependencies()
    }
    await store.send(.decrement) { $0.count = -1 }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(
      \.factFailed, "No fact is known about -1: facts exist only for numbers from zero up."
    ) {
      $0.isLoadingFact = false
      $0.factError = "No fact is known about -1: facts exist only for numbers from zero up."
    }

    await store.send(.increment) { $0.count = 0 }
    await store.send(.factButtonTapped) {
      $0.isLoadingFact = true
      $0.factError = nil
    }
    await store.receive(\.factResponse, "0 is the additive identity.") {
      $0.isLoadingFact = false
      $0.fact = "0 is the additive identity."
    }
  }

  @Test func askingAgainCancelsTheFactInFlight() async {
    let clock = CountingTestClock()
    let slowFacts = NumberFactClient { number in
      try await clock.sleep(for: .seconds(1))
      return "fact \(number)"
    }
    let store = TestStore(initialState: Counter.State()) {
      Counter().testDependencies(clock: clock).dependency(\.numberFact, slowFacts)
    }
    let first = await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped)
    // The clock has not moved: the first request ends only because it was cancelled.
    await first.finish()

    // Only the second request answers: a "fact 0" would fail this receive.
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse, "fact 1") {
      $0.isLoadingFact = false
      $0.fact = "fact 1"
    }
  }

  @Test func deterministicFacts() {
    #expect(
      NumberFactClient.fact(about: 42) == "42 is the answer to life, the universe and everything."
    )
    #expect(NumberFactClient.fact(about: 49) == "49 is an odd number and a perfect square.")
    #expect(NumberFactClient.fact(about: 50) == "50 is an even number.")
  }
}
