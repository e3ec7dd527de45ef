import Synchronization

/// How a ``SharedReaderKey`` hands back the value it loaded; resume it once.
public struct LoadContinuation<Value>: Sendable {
  private let callback: @Sendable (Result<Value?, any Error>) -> Void

  /// A continuation that calls `callback` with the loaded value, `nil` for the initial value.
  public init(_ callback: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    self.callback = callback
  }

  /// Resumes with the value the storage holds.
  public func resume(returning value: Value) { callback(.success(value)) }

  /// Resumes with a failure to load; the shared value keeps its current (or initial) value.
  public func resume(throwing error: any Error) { callback(.failure(error)) }

  /// Resumes saying the storage holds nothing, so the initial value stands.
  public func resumeReturningInitialValue() { callback(.success(nil)) }

  /// Resumes with a value (`nil`: the initial value) or an error.
  public func resume(with result: Result<Value?, any Error>) { callback(result) }
}

/// How a ``SharedKey`` reports the end of a save; resume it once.
public struct SaveContinuation: Sendable {
  private let callback: @Sendable (Result<Void, any Error>) -> Void

  /// A continuation that calls `callback` when the save ends.
  public init(_ callback: @escaping @Sendable (Result<Void, any Error>) -> Void) {
    self.callback = callback
  }

  /// Resumes after a successful save.
  public func resume() { callback(.success(())) }

  /// Resumes with the error that stopped the save.
  public func resume(throwing error: any Error) { callback(.failure(error)) }

  /// Resumes with the save's result.
  public func resume(with result: Result<Void, any Error>) { callback(result) }
}

/// How a ``SharedReaderKey`` tells a shared value that its storage changed on its own.
public struct SharedSubscriber<Value>: Sendable {
  let receive: @Sendable (Result<Value?, any Error>) -> Void

  /// A subscriber that calls `receive` with each new value, `nil` for the initial value.
  public init(_ receive: @escaping @Sendable (Result<Value?, any Error>) -> Void) {
    self.receive = receive
  }

  /// The storage now holds `value`.
  public func yield(_ value: Value) { receive(.success(value)) }

  /// The storage no longer holds a value: the shared value returns to its initial value.
  public func yieldReturningInitialValue() { receive(.success(nil)) }

  /// The storage failed to give a value.
  public func yield(throwing error: any Error) { receive(.failure(error)) }

  /// A new value (`nil`: the initial value) or an error.
  public func yield(with result: Result<Value?, any Error>) { receive(result) }
}

/// Stops a ``SharedReaderKey``'s subscription; it is cancelled when the last copy goes away.
public struct SharedSubscription: Sendable {
  private let box: Box

  /// A subscription that calls `cancel` once, when cancelled or freed.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.box = Box(cancel)
  }

  /// Stops the subscription.
  public func cancel() { box.cancel() }

  private final class Box: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
      self.onCancel = Mutex(onCancel)
    }

    func cancel() {
      let onCancel = self.onCancel.withLock { onCancel in
        defer { onCancel = nil }
        return onCancel
      }
      onCancel?()
    }

    deinit { cancel() }
  }
}
