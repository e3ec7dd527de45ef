import Synchronization

/// A flag one task sets and another polls: "the work I started has finished".
final class Latch: Sendable {
  private let isSet = Mutex(false)

  /// Whether ``set()`` was called.
  var isOpen: Bool { isSet.withLock { $0 } }

  /// Sets the flag.
  func set() {
    isSet.withLock { $0 = true }
  }
}
