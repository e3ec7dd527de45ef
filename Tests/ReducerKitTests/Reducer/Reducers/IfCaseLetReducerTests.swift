import CasePaths
import Clocks
import ReducerKit
import ReducerKitTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct IfCaseLetReducerTests {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var log: [String] = []
    }

    @CasePathable
    enum Action: Equatable { case increment, startTimer, timerFired }

    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startTimer:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.timerFired)
        }
      case .timerFired:
        state.count += 100
        return .none
      }
    }
  }

  struct App: Reducer {
    @CasePathable
    enum State: Equatable, Sendable {
      case counter(Counter.State)
      case settings
    }

    @CasePathable
    enum Action: Equatable {
      case counter(Counter.Action)
      case showSettings, showCounter
    }

    let clock: any Clock<Duration>

    var core: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .counter(counterAction):
          guard case var .counter(counter) = state else { return .none }
          counter.log.append("parent saw \(counterAction) at count \(counter.count)")
          state = .counter(counter)
        case .showSettings:
          state = .settings
        case .showCounter:
          state = .counter(Counter.State())
        }
        return .none
      }
    }

    /// The line the runtime warnings name: that of the operator's call.
    static let ifCaseLetLine: UInt = #line + 2
    var body: some ReducerOf<Self> {
      core.ifCaseLet(\.counter, action: \.counter) { Counter(clock: clock) }
    }
  }

  @Test func childRunsBeforeParent() {
    let store = Store(
      initialState: .counter(Counter.State()), reducer: App(clock: ImmediateClock()))
    store.send(.counter(.increment))
    #expect(
      store.state == .counter(Counter.State(count: 1, log: ["parent saw increment at count 1"])))
  }

  @Test func childEffectsRunWhileInTheCase() async {
    let clock = CountingTestClock()
    let store = Store(initialState: .counter(Counter.State()), reducer: App(clock: clock))
    let task = store.send(.counter(.startTimer))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state[case: \.counter]?.count == 100)
  }

  @Test func childEffectsAreCancelledWhenTheCaseChanges() async {
    let clock = CountingTestClock()
    let store = Store(initialState: .counter(Counter.State()), reducer: App(clock: clock))
    let task = store.send(.counter(.startTimer))
    await clock.waitForSleeps(1)
    store.send(.showSettings)
    store.send(.showCounter)
    let (_, warnings) = await withRuntimeWarnings {
      await clock.advance(by: .seconds(1))
      await task.finish()
    }
    #expect(warnings.isEmpty)
    #expect(store.state == .counter(Counter.State()))
    #expect(store.effectsInFlight == 0)
  }

  @Test func childActionInAnotherCaseIsIgnoredWithAWarning() async {
    let store = Store(initialState: .settings, reducer: App(clock: ImmediateClock()))
    let (_, warnings) = await withRuntimeWarnings {
      store.send(.counter(.increment))
    }
    #expect(store.state == .settings)
    #expect(
      warnings == [
        """
        An "ifCaseLet" at "ReducerKitTests/IfCaseLetReducerTests.swift:\(App.ifCaseLetLine)" \
        received a child action when the state was in another case: \
        IfCaseLetReducerTests.App.Action.counter(.increment). Send child actions only while \
        the state is in the child's case, and cancel child effects when it changes.
        """
      ]
    )
  }
}
