import CasePaths
import Clocks
import ReducerKit
import ReducerKitTestSupport
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
      case cancelLoad
    }

    enum CancelID { case load }

    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        state.isLoading = true
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(42))
        }
        .cancellable(id: CancelID.load)

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

      case .cancelLoad:
        return .cancel(id: CancelID.load)
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
    let checks = Locked(0)
    let waiter = Task {
      await store.yield(while: { _ in
        checks.withLock { $0 += 1 }
        return true
      })
      return Task.isCancelled
    }
    // Wait until the waiter is parked, waiting for a change: a change makes it check again.
    while checks.value < 1 { await Task.yield() }
    store.send(.increment)
    while checks.value < 2 { await Task.yield() }
    waiter.cancel()
    // It returns (a hang fails the suite's time limit) while the predicate still holds, so only
    // the cancellation can have ended the wait.
    #expect(await waiter.value)
    #expect(store.value == 1)
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
    let completions = Lines()
    let feature = Feature(clock: clock)
    var store: Store<Feature>? = Store(initialState: Feature.State()) {
      Reduce { state, action in
        feature.reduce(into: &state, action: action)
          .observingEach { _ in CompletionRecorder(completions) }
      }
    }
    let task = store?.send(.load)
    await clock.waitForSleeps(1)
    weak var released: Store<Feature>?  // Not `weak let`, which needs Swift 6.2.
    released = store
    store = nil
    #expect(released == nil)
    // Returns (a hang fails the suite's time limit) although the clock never reached the end
    // of the sleep: releasing the store cancelled the effect.
    await task?.finish()
    // With no cause: nothing in the store asked for it.
    #expect(completions.all == ["cancelled(nil)"])
    // As in TCA, only cancelling the task itself marks it cancelled.
    #expect(task?.isCancelled == false)
  }

  @Test func isCancelledStaysFalseWhenTheEffectsAreCancelledByID() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let load = store.send(.load)
    await clock.waitForSleeps(1)
    store.send(.cancelLoad)
    await load.finish()
    #expect(store.effectsInFlight == 0)
    #expect(store.state == Feature.State(isLoading: true))  // `.loaded` never arrived.
    // The effects were cancelled by id, but the task was not: as TCA's `StoreTask`, it reports
    // only the cancellation of the task itself.
    #expect(!load.isCancelled)
    await load.cancel()
    #expect(load.isCancelled)
  }

  /// Records how each effect it observes ends.
  final class CompletionRecorder: EffectObserver {
    let completions: Lines

    init(_ completions: Lines) {
      self.completions = completions
    }

    func effectDidStart() {}

    func effectDidComplete(_ completion: EffectCompletion) {
      completions.append("\(completion)")
    }
  }
}
