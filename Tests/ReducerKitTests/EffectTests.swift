import CasePaths
import Clocks
import ReducerKit
import ReducerKitTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EffectTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "the server is down" }
  }

  enum CancelID { case timer }

  /// An effect that throws without `catch:`, and the line it is made on.
  nonisolated static let unhandled = (
    effect: Effect<Feature.Action>.run { _ in throw Failure() }, line: #line
  )

  struct Feature: Reducer {
    @ObservableState
    struct State: Equatable { var log: [String] = [] }

    @CasePathable
    enum Action: Equatable {
      case noop
      case sendChain
      case sendNested(Int)
      case runSeveral
      case runFailing
      case runFailingUnhandled
      case failed(String)
      case merged
      case concatenated
      case concatenatedCancellable
      case startTimer(Int, cancelInFlight: Bool)
      case stopTimer
      case timerFired(Int)
      case child(Child.Action)
      case log(String)
    }

    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .noop:
        state.log.append("noop")
        return .none

      case .sendChain:
        state.log.append("chain")
        return .merge(.send(.sendNested(1)), .send(.sendNested(2)))

      case let .sendNested(n):
        state.log.append("nested \(n)")
        return n == 1 ? .send(.log("from nested 1")) : .none

      case .runSeveral:
        return .run { send in
          await send(.log("one"))
          await send(.log("two"))
          await send(.log("three"))
        }

      case .runFailing:
        return .run { send in
          await send(.log("before"))
          throw Failure()
        } catch: { error, send in
          await send(.failed("\(error)"))
        }

      case .runFailingUnhandled:
        return EffectTests.unhandled.effect

      case let .failed(message):
        state.log.append("failed: \(message)")
        return .none

      case .merged:
        return .merge(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(2))
            await send(.log("slow"))
          },
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.log("fast"))
          }
        )

      case .concatenated:
        return .concatenate(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(2))
            await send(.log("first"))
          },
          .send(.log("second")),
          .run { send in await send(.log("third")) }
        )

      case .concatenatedCancellable:
        return .concatenate(
          .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.log("first"))
          },
          .send(.log("second"))
        )
        .cancellable(id: CancelID.timer)

      case let .startTimer(n, cancelInFlight):
        state.log.append("start \(n)")
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.timerFired(n))
        }
        .cancellable(id: CancelID.timer, cancelInFlight: cancelInFlight)

      case .stopTimer:
        return .cancel(id: CancelID.timer)

      case let .timerFired(n):
        state.log.append("fired \(n)")
        return .none

      case let .child(childAction):
        var child = Child.State()
        return Child().reduce(into: &child, action: childAction).map(Action.child)

      case let .log(line):
        state.log.append(line)
        return .none
      }
    }
  }

  /// A reducer whose effects the parent maps into its own actions.
  struct Child: Reducer {
    struct State: Equatable {}
    @CasePathable
    enum Action: Equatable {
      case start
      case response(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .merge(.send(.response(1)), .run { send in await send(.response(2)) })
      case .response:
        return .none
      }
    }
  }

  /// The feature with the child's responses logged by the parent.
  struct Parent: Reducer {
    typealias State = Feature.State
    typealias Action = Feature.Action
    let clock: any Clock<Duration>

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case let .child(.response(n)) = action { state.log.append("child response \(n)") }
        return .none
      }
      Feature(clock: clock)
    }
  }

  @Test func noneRunsNothing() async {
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
    let task = store.send(.noop)
    #expect(store.log == ["noop"])
    #expect(store.effectsInFlight == 0)
    #expect(task.isCancelled)  // As in TCA, a send that started no effect counts as cancelled.
    await task.finish()
  }

  @Test func sendIsProcessedBeforeSendReturnsInOrder() {
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
    store.send(.sendChain)
    // Breadth first, as TCA: both `.send`s of `sendChain` before the one `nested 1` returns.
    #expect(store.log == ["chain", "nested 1", "nested 2", "from nested 1"])
    #expect(store.effectsInFlight == 0)
  }

  @Test func runEmitsSeveralActionsInOrder() async {
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
    await store.send(.runSeveral).finish()
    #expect(store.log == ["one", "two", "three"])
  }

  @Test func runCatchReceivesTheThrownError() async {
    let (_, warnings) = await withRuntimeWarnings {
      let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
      await store.send(.runFailing).finish()
      #expect(store.log == ["before", "failed: the server is down"])
    }
    #expect(warnings.isEmpty)
  }

  @Test func unhandledErrorIsARuntimeWarning() async {
    let (_, warnings) = await withRuntimeWarnings {
      let store = Store(initialState: Feature.State(), reducer: Feature(clock: ImmediateClock()))
      await store.send(.runFailingUnhandled).finish()
      #expect(store.log == [])
    }
    #expect(
      warnings == [
        """
        An "Effect.run" returned from \
        "ReducerKitTests/EffectTests.swift:\(Self.unhandled.line)" threw an unhandled error: \
        the server is down. Handle errors with "catch:" or inside the operation.
        """
      ]
    )
  }

  @Test func mergeRunsEffectsAtTheSameTime() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store.send(.merged)
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await store.yield(while: { $0.log.isEmpty })
    #expect(store.log == ["fast"])
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.log == ["fast", "slow"])
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store.send(.concatenated)
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    #expect(store.log == [])
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.log == ["first", "second", "third"])
  }

  @Test func cancellingAConcatenationStopsTheRest() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let task = store.send(.concatenatedCancellable)
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    store.send(.stopTimer)
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.log == [])
    #expect(store.effectsInFlight == 0)
  }

  @Test func cancelInFlightCancelsTheFirstEffect() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let first = store.send(.startTimer(1, cancelInFlight: true))
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.startTimer(2, cancelInFlight: true))
    await first.finish()
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.log == ["start 1", "start 2", "fired 2"])
  }

  @Test func cancellableWithoutCancelInFlightRunsBoth() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let first = store.send(.startTimer(1, cancelInFlight: false))
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.startTimer(2, cancelInFlight: false))
    await clock.waitForSleeps(2)
    await clock.advance(by: .milliseconds(500))
    await first.finish()
    await clock.advance(by: .milliseconds(500))
    await second.finish()
    #expect(store.log == ["start 1", "start 2", "fired 1", "fired 2"])
  }

  @Test func cancelStopsEffectsWithTheID() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let first = store.send(.startTimer(1, cancelInFlight: false))
    let second = store.send(.startTimer(2, cancelInFlight: false))
    await clock.waitForSleeps(2)
    await clock.advance(by: .milliseconds(500))
    store.send(.stopTimer)
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(store.log == ["start 1", "start 2"])
    #expect(store.effectsInFlight == 0)
  }

  @Test func cancelAfterAnEffectFinishedStopsOnlyTheEffectsStartedSince() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let first = store.send(.startTimer(1, cancelInFlight: false))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await first.finish()
    #expect(store.effectsInFlight == 0)
    let second = store.send(.startTimer(2, cancelInFlight: false))
    await clock.waitForSleeps(2)
    store.send(.stopTimer)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.log == ["start 1", "fired 1", "start 2"])
    #expect(store.effectsInFlight == 0)
    #expect(!second.isCancelled)
  }

  @Test func cancelOnlyStopsEffectsWithThatID() async {
    let clock = CountingTestClock()
    let store = Store(initialState: Feature.State(), reducer: Feature(clock: clock))
    let timer = store.send(.startTimer(1, cancelInFlight: false))
    let merged = store.send(.merged)
    await clock.waitForSleeps(3)
    store.send(.stopTimer)
    await clock.advance(by: .seconds(1))
    await store.yield(while: { !$0.log.contains("fast") })
    await clock.advance(by: .seconds(1))
    await timer.finish()
    await merged.finish()
    #expect(store.log == ["start 1", "fast", "slow"])
  }

  @Test func mapTransformsEmittedActions() async {
    let store = Store<Feature>(
      initialState: Feature.State(), reducer: Parent(clock: ImmediateClock())
    )
    await store.send(.child(.start)).finish()
    #expect(store.log == ["child response 1", "child response 2"])
  }

  @Test func mappedCancellableEffectStaysCancellable() async {
    let clock = CountingTestClock()
    let effect = Effect<Int>.run { send in
      try await clock.sleep(for: .seconds(1))
      await send(1)
    }
    .cancellable(id: CancelID.timer)
    .map { Feature.Action.timerFired($0 + 41) }
    let store = Store<Feature>(initialState: Feature.State()) {
      Reduce { state, action in
        switch action {
        case .noop: return effect
        case .stopTimer: return .cancel(id: CancelID.timer)
        default: return Feature(clock: clock).reduce(into: &state, action: action)
        }
      }
    }
    let cancelled = store.send(.noop)
    await clock.waitForSleeps(1)
    store.send(.stopTimer)
    await clock.advance(by: .seconds(1))
    await cancelled.finish()
    #expect(store.log == [])

    let fired = store.send(.noop)
    await clock.waitForSleeps(2)
    await clock.advance(by: .seconds(1))
    await fired.finish()
    #expect(store.log == ["fired 42"])
  }
}
