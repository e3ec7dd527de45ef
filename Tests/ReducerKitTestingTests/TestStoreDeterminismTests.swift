import ReducerKit
import ReducerKitTesting
import Synchronization
import Testing

/// A `TestStore` runs its test on the main serial executor, as TCA's does: effects interleave
/// the same way every run, a cancelled effect is not waited for, and the process-wide switch
/// is counted across the stores of tests running at the same time.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestStoreDeterminismTests {
  @Test func effectsInterleaveTheSameWayEveryRun() async {
    // On the global pool the racers that work least would report first, in an order that
    // varies from run to run; on the main serial executor they report in the order started.
    for _ in 0..<50 {
      let store = TestStore(initialState: Racers.State(), reducer: Racers())
      await store.send(.start)
      for racer in 0..<Racers.count {
        await store.receive(.finished(racer)) { $0.finished.append(racer) }
      }
    }
  }

  @Test func oneStoreOptingOutLeavesTheOtherTheSerialExecutor() async {
    let first = TestStore(initialState: Racers.State(), reducer: Racers())
    let second = TestStore(initialState: Racers.State(), reducer: Racers())
    #expect(first.useMainSerialExecutor)
    #expect(uncheckedUseMainSerialExecutor)
    // The switch is process-wide: one store opting out leaves it on for the other, where
    // saving and restoring it per store would switch it off under the second.
    first.useMainSerialExecutor = false
    #expect(!first.useMainSerialExecutor)
    #expect(second.useMainSerialExecutor)
    #expect(uncheckedUseMainSerialExecutor)
  }

  @Test func anEffectCancelledByIDIsNotWaitedFor() async {
    let gate = Gate()
    let store = TestStore(initialState: Stubborn.State(), reducer: Stubborn(gate: gate))
    await store.send(.start) { $0.isRunning = true }
    await store.send(.stop) { $0.isRunning = false }
    // The effect ignores its cancellation and is still in its task, but the store, like TCA's,
    // no longer counts it: `finish` returns at once, and the end of the test does not fail.
    let elapsed = await ContinuousClock().measure {
      await store.finish(timeout: .seconds(5))
    }
    // Far from the 5 s a wait for the effect would take; not "at once", which a loaded
    // two-core machine running the other suites beside it can stretch past 2 s (it did).
    #expect(elapsed < .seconds(4))
    gate.open()
  }
}

/// Racers that each do nonisolated work, the first the most, then report.
private struct Racers: Reducer {
  static let count = 4

  struct State: Equatable {
    var finished: [Int] = []
  }

  enum Action: Equatable {
    case start
    case finished(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .merge(
        (0..<Self.count).map { racer in
          .run { send in
            _ = work((Self.count - racer) * 20_000)
            await send(.finished(racer))
          }
        }
      )
    case .finished(let racer):
      state.finished.append(racer)
      return .none
    }
  }
}

/// Work the optimizer cannot drop.
@inline(never)
private func work(_ iterations: Int) -> Int {
  var sum = 0
  for index in 0..<iterations { sum = sum &+ index &* 31 }
  return sum
}

/// An effect that does not stop when cancelled, until the test opens its gate.
private struct Stubborn: Reducer {
  struct State: Equatable {
    var isRunning = false
  }

  enum Action: Equatable {
    case start
    case stop
  }

  enum CancelID { case work }

  let gate: Gate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { _ in await gate.wait() }.cancellable(id: CancelID.work)
    case .stop:
      state.isRunning = false
      return .cancel(id: CancelID.work)
    }
  }
}

/// Suspends its waiters, cancelled or not, until opened.
private final class Gate: Sendable {
  private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>(
    (false, [])
  )

  func wait() async {
    await withCheckedContinuation { continuation in
      let resume = state.withLock { state -> Bool in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if resume { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
