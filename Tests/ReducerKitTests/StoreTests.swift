import CasePaths
import Clocks
import ReducerKit
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreTests {
  struct Feature: Reducer {
    @ObservableState
    struct State: Equatable {
      var isLoading = false
      var value = 0
      var log: [String] = []
    }

    @CasePathable
    enum Action: Equatable {
      case load
      case loaded(Int)
      case loadTwice
      case refresh
      case refreshed
      case increment
    }

    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        state.isLoading = true
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(42))
        }

      case let .loaded(value):
        state.isLoading = false
        state.value = value
        state.log.append("loaded \(value)")
        return .none

      case .loadTwice:
        // An effect whose action starts another effect: the first send's task covers both.
        return .run { send in await send(.load) }

      case .refresh:
        state.isLoading = true
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.refreshed)
        }

      case .refreshed:
        state.isLoading = false
        state.log.append("refreshed")
        return .none

      case .increment:
        state.value += 1
        return .none
      }
    }
  }

  @Test func sendRunsTheReducerAtOnce() {
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
    store.send(.increment)
    #expect(store.value == 1)
    #expect(store.state == Feature.State(value: 1))
  }

  @Test func finishWaitsForTheEffects() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store.send(.load)
    #expect(store.isLoading)
    #expect(!task.isCancelled)
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == Feature.State(isLoading: false, value: 42, log: ["loaded 42"]))
    #expect(store.effectsInFlight == 0)
    #expect(!task.isCancelled)
  }

  @Test func finishWaitsForEffectsOfEmittedActions() async {
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
    await store.send(.loadTwice).finish()
    #expect(store.log == ["loaded 42"])
  }

  @Test func cancelStopsTheEffects() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store.send(.load)
    await clock.waitForSleeps(1)
    await task.cancel()
    #expect(task.isCancelled)
    #expect(store.effectsInFlight == 0)
    await clock.advance(by: .seconds(1))
    #expect(store.state == Feature.State(isLoading: true, value: 0))
  }

  @Test func cancelStopsEffectsOfEmittedActions() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store.send(.loadTwice)
    await store.yield(while: { !$0.isLoading })
    await clock.waitForSleeps(1)
    await task.cancel()
    await clock.advance(by: .seconds(1))
    await store.waitForEffects()
    #expect(store.log == [])
  }

  @Test func cancellingTheWaitingTaskCancelsTheEffects() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store.send(.load)
    await clock.waitForSleeps(1)
    let waiter = Task { await task.finish() }
    waiter.cancel()
    await waiter.value
    await clock.advance(by: .seconds(1))
    await store.waitForEffects()
    #expect(store.log == [])
    #expect(task.isCancelled)
  }

  @Test func sendWhileWaitsUntilThePredicateFails() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let refresh = Task { await store.send(.refresh, while: \.isLoading) }
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await refresh.value
    #expect(store.log == ["refreshed"])
    #expect(!store.isLoading)
  }

  @Test func cancellingSendWhileCancelsTheEffects() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let refresh = Task { await store.send(.refresh, while: \.isLoading) }
    await store.yield(while: { !$0.isLoading })
    await clock.waitForSleeps(1)
    refresh.cancel()
    await refresh.value
    await clock.advance(by: .seconds(1))
    await store.waitForEffects()
    #expect(store.log == [])
    #expect(store.isLoading)
  }

  @Test func yieldWhileWaitsForTheState() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    store.send(.load)
    let waiter = Task { await store.yield(while: { $0.value != 42 }) }
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await waiter.value
    #expect(store.value == 42)
  }

  @Test func yieldWhileReturnsAtOnceWhenThePredicateFails() async {
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
    await store.yield(while: { $0.isLoading })
    #expect(!store.isLoading)
  }

  @Test func yieldWhileStopsWhenCancelled() async {
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
    let waiter = Task { await store.yield(while: { _ in true }) }
    waiter.cancel()
    await waiter.value
  }

  @Test func storeWithAnotherReducerKeepsTheFeatureType() async {
    let lines = Lines()
    let wrapped = Feature(clock: ImmediateClock())._printChanges(.customDump(to: lines.append))
    let store: Store<Feature> = Store(initialState: Feature.State(), reducer: wrapped)
    store.send(.increment)
    #expect(store.value == 1)
    #expect(lines.all.count == 1)

    let erased = Store<Feature>(
      initialState: Feature.State(), reducer: Reduce(Feature(clock: ImmediateClock()))
    )
    erased.send(.increment)
    #expect(erased.value == 1)
  }

  @Test func storeFromABuilderKeepsTheFeatureType() {
    let store = Store<Feature>(initialState: Feature.State()) {
      Reduce { state, _ in
        state.log.append("before")
        return .none
      }
      Feature(clock: ImmediateClock())
    }
    store.send(.increment)
    #expect(store.state == Feature.State(value: 1, log: ["before"]))
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let clock = CountingTestClock()
    var store: Store<Feature>? = Store(
      initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store?.send(.load)
    store = nil
    await task?.finish()  // Returns only because releasing the store cancelled the effect.
    await clock.advance(by: .seconds(1))
  }
}
