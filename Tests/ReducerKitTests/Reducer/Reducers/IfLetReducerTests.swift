import CasePaths
import Clocks
import ReducerKit
import ReducerKitTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct IfLetReducerTests {
  struct Child: Reducer {
    struct State: Equatable { var count = 0 }

    @CasePathable
    enum Action: Equatable { case increment, startTimer, timerFired, close }

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
      case .close:
        return .none
      }
    }
  }

  struct Parent: Reducer {
    @ObservableState
    struct State: Equatable {
      var child: Child.State?
      var log: [String] = []
    }

    @CasePathable
    enum Action: Equatable {
      case child(Child.Action)
      case show, hide
    }

    let clock: any Clock<Duration>

    var core: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .child(childAction):
          state.log.append("parent saw \(childAction) at count \(state.child?.count ?? -1)")
          if childAction == .close { state.child = nil }
        case .show:
          state.child = Child.State()
        case .hide:
          state.child = nil
        }
        return .none
      }
    }

    /// The line the runtime warnings name: that of the operator's call.
    static let ifLetLine: UInt = #line + 2
    var body: some ReducerOf<Self> {
      core.ifLet(\.child, action: \.child) { Child(clock: clock) }
    }
  }

  @Test func childRunsBeforeParent() {
    let store = Store(
      initialState: Parent.State(child: Child.State()), reducer: Parent(clock: ImmediateClock())
    )
    store.send(.child(.increment))
    #expect(store.child == Child.State(count: 1))
    #expect(store.log == ["parent saw increment at count 1"])
  }

  @Test func childEffectsRunWhileTheChildIsPresent() async {
    let clock = CountingTestClock()
    let store = Store(
      initialState: Parent.State(child: Child.State()), reducer: Parent(clock: clock))
    let task = store.send(.child(.startTimer))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.child == Child.State(count: 100))
  }

  @Test func childEffectsAreCancelledWhenTheChildGoesAway() async {
    let clock = CountingTestClock()
    let store = Store(
      initialState: Parent.State(child: Child.State()), reducer: Parent(clock: clock))
    let task = store.send(.child(.startTimer))
    await clock.waitForSleeps(1)
    store.send(.hide)
    store.send(.show)
    let (_, warnings) = await withRuntimeWarnings {
      await clock.advance(by: .seconds(1))
      await task.finish()
    }
    #expect(warnings.isEmpty)
    #expect(store.child == Child.State(count: 0))
    #expect(store.effectsInFlight == 0)
  }

  @Test func childEffectsAreCancelledWhenTheChildClosesItself() async {
    let clock = CountingTestClock()
    let store = Store(
      initialState: Parent.State(child: Child.State()), reducer: Parent(clock: clock))
    let task = store.send(.child(.startTimer))
    await clock.waitForSleeps(1)
    store.send(.child(.close))
    #expect(store.child == nil)
    store.send(.show)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.child == Child.State(count: 0))
  }

  @Test func childActionWhileNilIsIgnoredWithAWarning() async {
    let store = Store(initialState: Parent.State(), reducer: Parent(clock: ImmediateClock()))
    let (_, warnings) = await withRuntimeWarnings {
      store.send(.child(.increment))
    }
    #expect(store.child == nil)
    // The parent still sees the action, as in TCA.
    #expect(store.log == ["parent saw increment at count -1"])
    #expect(
      warnings == [
        """
        An "ifLet" at "ReducerKitTests/IfLetReducerTests.swift:\(Parent.ifLetLine)" received a \
        child action when child state was "nil": \
        IfLetReducerTests.Parent.Action.child(.increment). Send child actions only while the \
        child state is present, and cancel child effects when it goes away.
        """
      ]
    )
  }
}
