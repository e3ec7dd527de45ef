import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@MainActor
@Suite("Counter", .timeLimit(.minutes(1)))
struct CounterTests {
  @Test func incrementDecrementAndReset() {
    let store = Store(initialState: Counter.State(), reducer: Counter(environment: .immediate))
    store.send(.increment)
    store.send(.increment)
    store.send(.decrement)
    #expect(store.count == 1)
    store.send(.reset)
    #expect(store.state == Counter.State())
  }

  @Test func delayedIncrementLandsAfterTheDelay() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Counter.State(), reducer: Counter(environment: .init(clock: clock))
    )
    let task = store.send(.delayedIncrementButtonTapped)
    #expect(store.pendingIncrements == 1)

    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(999))
    #expect(store.count == 0)

    await clock.advance(by: .milliseconds(1))
    await task.finish()
    #expect(store.count == 1)
    #expect(store.pendingIncrements == 0)
  }

  @Test func delayedIncrementsEachLand() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Counter.State(), reducer: Counter(environment: .init(clock: clock))
    )
    let first = store.send(.delayedIncrementButtonTapped)
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.delayedIncrementButtonTapped)
    #expect(store.pendingIncrements == 2)

    await clock.waitForSleeps(2)
    await clock.advance(by: .milliseconds(500))
    await first.finish()
    #expect(store.count == 1)
    #expect(store.pendingIncrements == 1)

    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    await second.finish()
    #expect(store.count == 2)
    #expect(store.pendingIncrements == 0)
  }

  @Test func resetCancelsDelayedIncrements() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Counter.State(), reducer: Counter(environment: .init(clock: clock))
    )
    let task = store.send(.delayedIncrementButtonTapped)
    store.send(.reset)
    // The clock has not moved: the increment ends only because it was cancelled.
    await task.finish()
    #expect(clock.pendingSleeps == 0)

    await clock.advance(by: .seconds(5))
    #expect(store.state == Counter.State())
    #expect(store.effectsInFlight == 0)
  }

  @Test func factResponse() async {
    let store = Store(
      initialState: Counter.State(count: 7), reducer: Counter(environment: .immediate)
    )
    let task = store.send(.factButtonTapped)
    #expect(store.isLoadingFact)

    await task.finish()
    #expect(store.isLoadingFact == false)
    #expect(store.fact == "7 is the number of days in a week.")
    #expect(store.factError == nil)

    store.send(.increment)
    #expect(store.fact == nil)
  }

  @Test func factFailureGoesThroughCatch() async {
    let store = Store(initialState: Counter.State(), reducer: Counter(environment: .immediate))
    store.send(.decrement)
    await store.send(.factButtonTapped).finish()
    #expect(store.isLoadingFact == false)
    #expect(store.fact == nil)
    #expect(
      store.factError
        == "No fact is known about -1: facts exist only for numbers from zero up."
    )

    store.send(.increment)
    await store.send(.factButtonTapped).finish()
    #expect(store.factError == nil)
    #expect(store.fact == "0 is the additive identity.")
  }

  @Test func askingAgainCancelsTheFactInFlight() async {
    let clock = ManualClock()
    let slowFacts = NumberFactClient { number in
      try await clock.sleep(for: .seconds(1))
      return "fact \(number)"
    }
    let store = Store(
      initialState: Counter.State(),
      reducer: Counter(environment: .init(clock: clock, numberFact: slowFacts))
    )
    let first = store.send(.factButtonTapped)
    store.send(.increment)
    let second = store.send(.factButtonTapped)
    // The clock has not moved: the first request ends only because it was cancelled.
    await first.finish()

    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.fact == "fact 1")
    #expect(store.isLoadingFact == false)
  }

  @Test func deterministicFacts() {
    #expect(
      NumberFactClient.fact(about: 42) == "42 is the answer to life, the universe and everything."
    )
    #expect(NumberFactClient.fact(about: 49) == "49 is an odd number and a perfect square.")
    #expect(NumberFactClient.fact(about: 50) == "50 is an even number.")
  }
}
