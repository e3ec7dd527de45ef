import ReducerKit
import ReducerKitTesting
import Synchronization
import Testing

/// A `TestStore` drops a cancelled effect at once, as TCA's does.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct TestStoreDeterminismTests {
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
    #expect(elapsed < .seconds(2))
    gate.open()
  }
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
