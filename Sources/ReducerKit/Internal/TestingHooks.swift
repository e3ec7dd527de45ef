/// Runs actions and effects the way a root ``Store`` does, but leaves the state to its owner:
/// the runtime behind ReducerKitTesting's `TestStore`.
///
/// `package` access: it is visible to the targets of this package (ReducerKitTesting), not to
/// apps. The owner reduces each action in `reduce` (keeping the state itself) and returns the
/// effect; the runtime runs that effect exactly as a `Store` would — the same queue, `.send`
/// semantics, cancellation and ``StoreTask`` groups — so a test exercises the real effect
/// machinery.
///
/// ```swift
/// var state = Counter.State()
/// let runtime = _EffectRuntime<Counter.Action> { action in
///   Counter().reduce(into: &state, action: action)
/// }
/// await runtime.send(.delayedIncrementButtonTapped).finish()
/// ```
///
/// Effect-emitted actions go through `reduce` too; an owner that must tell them apart from the
/// actions it sends wraps its actions in its own enum and maps the effects
/// (`effect.map(TestAction.received)`), as `TestStore` does.
@MainActor
package final class _EffectRuntime<Action> {
  private let runtime = StoreRuntime<Action>()

  /// Creates a runtime that reduces every action, sent or emitted by an effect, with `reduce`.
  package init(reduce: @escaping @MainActor (Action) -> Effect<Action>) {
    runtime.reduce = reduce
  }

  /// Reduces `action` and every action it sends synchronously, and starts their effects.
  ///
  /// - Returns: The life of the effects this send started, and of those started by the actions
  ///   they send later.
  @discardableResult
  package func send(_ action: Action) -> StoreTask {
    StoreTask(group: runtime.send(action))
  }

  /// The number of effect tasks running now.
  package var effectCount: Int { runtime.effectCount }

  /// The number of effect tasks running now and not cancelled: what a test still waits for,
  /// as TCA's test store drops a cancelled effect at once.
  package var uncancelledEffectCount: Int { runtime.uncancelledEffectCount }

  /// Waits until no effect task is running.
  package func waitUntilIdle() async {
    await runtime.waitUntilIdle()
  }

  /// Cancels every effect in flight.
  package func cancelAll() {
    runtime.cancelAll()
  }
}
