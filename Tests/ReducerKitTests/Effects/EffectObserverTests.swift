import CasePaths
import Clocks
import ReducerKit
import ReducerKitTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EffectObserverTests {
  /// Records the life of one effect.
  final class Observer: EffectObserver {
    let name: String
    let leaf: EffectLeaf
    let events: Lines

    init(name: String, leaf: EffectLeaf, events: Lines) {
      self.name = name
      self.leaf = leaf
      self.events = events
    }

    func effectDidStart() {
      events.append("\(name) started")
    }

    func effectDidComplete(_ completion: EffectCompletion) {
      switch completion {
      case let .cancelled(cause):
        events.append("\(name) cancelled" + (cause.map { " (\($0))" } ?? ""))
      default:
        events.append("\(name) \(completion)")
      }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "boom" }
  }

  enum CancelID { case work }

  struct Feature: Reducer {
    @ObservableState
    struct State: Equatable { var emitterCounts: [String] = [] }

    @CasePathable
    enum Action: Equatable {
      case run, fail, sleep, sleepAgain, cancel, sendOne, emitted
    }

    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.emitterCounts.append("\(action): \(EffectContext.emitters.count)")
      switch action {
      case .run:
        return .run { send in await send(.emitted) }
      case .fail:
        return .run { _ in
          throw Failure()
        } catch: { _, _ in
          // Handled: the observer still sees the failure.
        }
      case .sleep:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.emitted)
        }
        .cancellable(id: CancelID.work)
      case .sleepAgain:
        return .run { [clock] _ in try await clock.sleep(for: .seconds(1)) }
          .cancellable(id: CancelID.work, cancelInFlight: true)
      case .cancel:
        return .cancel(id: CancelID.work)
      case .sendOne:
        return .send(.emitted)
      case .emitted:
        return .none
      }
    }
  }

  /// Middleware that attaches an ``Observer`` to every leaf effect, as the recorder does.
  struct Observing<Base: Reducer>: Reducer {
    let base: Base
    let events: Lines
    let observers = Locked<[Observer]>([])

    func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      base.reduce(into: &state, action: action).observingEach { leaf in
        let observer = Observer(name: "\(action)", leaf: leaf, events: events)
        observers.withLock { $0.append(observer) }
        return observer
      }
    }
  }

  final class Harness {
    let events = Lines()
    let clock = CountingTestClock()
    let observing: Observing<Feature>
    let store: StoreOf<Feature>

    @MainActor
    init() {
      observing = Observing(base: Feature(clock: clock), events: events)
      store = Store(initialState: Feature.State(), reducer: observing)
    }
  }

  @Test func finishedRun() async {
    let harness = Harness()
    await harness.store.send(.run).finish()
    #expect(harness.events.all == ["run started", "run finished"])
    let leaves = harness.observing.observers.value.map(\.leaf)
    #expect(leaves.map(\.kind) == [.run])
    #expect(leaves.map(\.cancelIDs) == [[]])
  }

  @Test func failedRun() async {
    let harness = Harness()
    await harness.store.send(.fail).finish()
    #expect(harness.events.all == ["fail started", "fail failed(\"boom\")"])
  }

  @Test func cancelledRun() async {
    let harness = Harness()
    let task = harness.store.send(.sleep)
    await harness.clock.waitForSleeps(1)
    harness.store.send(.cancel)
    await harness.clock.advance(by: .seconds(1))
    await task.finish()
    #expect(harness.events.all == ["sleep started", "sleep cancelled (cancelID)"])
    let leaves = harness.observing.observers.value.map(\.leaf)
    #expect(leaves.map(\.cancelIDs) == [[AnyCancelID(CancelID.work)]])
  }

  /// An effect replaced under its id by `cancelInFlight` says so.
  @Test func cancelledInFlight() async {
    let harness = Harness()
    harness.store.send(.sleep)
    await harness.clock.waitForSleeps(1)
    let again = harness.store.send(.sleepAgain)
    #expect(harness.events.all == ["sleep started", "sleep cancelled (cancelInFlight)", "sleepAgain started"])
    await again.cancel()
  }

  @Test func cancelledByItsStoreTask() async {
    let harness = Harness()
    await harness.store.send(.sleep).cancel()
    #expect(harness.events.all == ["sleep started", "sleep cancelled"])
  }

  @Test func sendEffect() {
    let harness = Harness()
    harness.store.send(.sendOne)
    #expect(harness.events.all == ["sendOne started", "sendOne finished"])
    let leaves = harness.observing.observers.value.map(\.leaf)
    #expect(leaves.map(\.kind) == [.send])
  }

  @Test func emittersWhileReducingAnEmittedAction() async {
    let harness = Harness()
    await harness.store.send(.run).finish()
    harness.store.send(.sendOne)
    #expect(
      harness.store.emitterCounts == ["run: 0", "emitted: 1", "sendOne: 0", "emitted: 1"]
    )
  }

  @Test func emittersAreTheEmittingEffectsObservers() async {
    let events = Lines()
    let seen = Locked<[ObjectIdentifier]>([])
    let observing = Observing(base: Feature(clock: ImmediateClock()), events: events)
    let store = Store<Feature>(initialState: Feature.State()) {
      Reduce { _, action in
        if action == .emitted {
          seen.withLock { $0 += EffectContext.emitters.map { ObjectIdentifier($0) } }
        }
        return .none
      }
      observing
    }
    await store.send(.run).finish()
    let observers = observing.observers.value.map { ObjectIdentifier($0) }
    #expect(observers.count == 1)
    #expect(seen.value == observers)
  }

  @Test func observingDoesNotChangeTheEffect() async {
    let harness = Harness()
    let task = harness.store.send(.sleep)
    await harness.clock.waitForSleeps(1)
    await harness.clock.advance(by: .seconds(1))
    await task.finish()
    #expect(harness.store.emitterCounts == ["sleep: 0", "emitted: 1"])
    #expect(harness.events.all == ["sleep started", "sleep finished"])
  }
}
