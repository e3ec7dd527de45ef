/// The life of the effects that one ``Store/send(_:)`` started.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()   // waits until the refresh's effects are done
/// ```
public struct StoreTask: Hashable, Sendable {
  /// The effects of the send; `nil` when it started none.
  let group: EffectGroup?

  init(group: EffectGroup?) {
    self.group = group
  }

  /// Cancels the effects and waits until they have stopped.
  public func cancel() async {
    group?.cancel()
    await group?.wait()
  }

  /// Waits until the effects have finished. Cancelling the waiting task cancels the effects.
  public func finish() async {
    await group?.wait()
  }

  /// Whether this task was cancelled: by ``cancel()``, or by cancelling a task waiting in
  /// ``finish()``. A send that started no effect counts as cancelled, as in TCA.
  ///
  /// As TCA's `StoreTask.isCancelled`, it stays `false` when the effects are cancelled another
  /// way (``Effect/cancel(id:)`` from another action, `cancelInFlight`, or releasing the store)
  /// and when they finish on their own. Once `true`, it stays `true`.
  public var isCancelled: Bool {
    group?.isCancelled ?? true
  }
}
