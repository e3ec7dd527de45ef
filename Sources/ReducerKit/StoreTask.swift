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

  /// Whether the effects were cancelled. A send that started no effect counts as cancelled,
  /// as in TCA.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? true
  }
}
