/// The life of the effects that one ``Store/send(_:)`` started.
///
/// ```swift
/// let task = store.send(.refresh)
/// await task.finish()   // waits until the refresh's effects are done
/// ```
public struct StoreTask: Hashable, Sendable {
  let rawValue: Task<Void, Never>?

  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  /// Cancels the effects and waits until they have stopped.
  public func cancel() async {
    rawValue?.cancel()
    await rawValue?.value
  }

  /// Waits until the effects have finished. Cancelling the waiting task cancels the effects.
  public func finish() async {
    guard let rawValue else { return }
    await withTaskCancellationHandler {
      await rawValue.value
    } onCancel: {
      rawValue.cancel()
    }
  }

  /// Whether this task was cancelled: by ``cancel()``, or by cancelling a task waiting in
  /// ``finish()``. A send that started no effect counts as cancelled, as in TCA.
  ///
  /// As TCA's `StoreTask.isCancelled`, this is the underlying `Task`'s `isCancelled`: it stays
  /// `false` when the effects are cancelled another way (``Effect/cancel(id:)`` from another
  /// action, `cancelInFlight`, or releasing the store) and when they finish on their own. Once
  /// `true`, it stays `true`.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }
}
