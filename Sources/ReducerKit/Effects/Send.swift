/// Sends actions back into the store from an
/// ``Effect/run(priority:operation:catch:fileID:line:)`` effect.
///
/// Call it like a function:
///
/// ```swift
/// return .run { send in
///   await send(.response(try await client.load()))
/// }
/// ```
///
/// Sending after the effect has been cancelled does nothing.
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Creates a `Send` from a closure, for tests and custom runners.
  public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back into the store.
  @MainActor
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    send(action)
  }

  /// A `Send` for actions that this one's actions are made from.
  func map<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child> { child in self(transform(child)) }
  }
}
