import ConcurrencyExtras
import Synchronization

/// A claim on swift-concurrency-extras' main serial executor (`uncheckedUseMainSerialExecutor`):
/// while any claim is held, every task of the process runs on the main thread, one job at a
/// time, in the order it was enqueued. A `TestStore` holds one for its life, as TCA's does.
///
/// The switch is process-wide and tests run in parallel, so claims are counted: the first one
/// turns it on and the last one let go puts back what was there before. Saving and restoring it
/// around each holder, as `withMainSerialExecutor` does, turns it off under a holder whose life
/// overlaps another's, and can leave it on for good once both are gone.
///
/// ```swift
/// let hold = MainSerialExecutorHold()
/// hold.isHeld = true    // every task on the main thread from here on
/// hold.isHeld = false   // back to the global pool, unless another hold is held
/// ```
package final class MainSerialExecutorHold: Sendable {
  /// How many holds are held, and the switch as it was before the first.
  private struct Holders {
    var count = 0
    var previous = false
  }

  private static let holders = Mutex(Holders())
  private let held = Mutex(false)

  package init() {}

  /// Whether this hold is held. Setting it takes or lets go of the hold; setting it to what it
  /// is does nothing.
  package var isHeld: Bool {
    get { held.withLock { $0 } }
    set {
      held.withLock { held in
        guard held != newValue else { return }
        held = newValue
        Self.holders.withLock { holders in
          if newValue {
            if holders.count == 0 { holders.previous = uncheckedUseMainSerialExecutor }
            holders.count += 1
            uncheckedUseMainSerialExecutor = true
          } else {
            holders.count -= 1
            if holders.count == 0 { uncheckedUseMainSerialExecutor = holders.previous }
          }
        }
      }
    }
  }

  /// Runs `operation` with a hold held: the counted form of `withMainSerialExecutor`.
  @MainActor
  package static func run<T>(_ operation: @MainActor () async throws -> T) async rethrows -> T {
    let hold = MainSerialExecutorHold()
    hold.isHeld = true
    defer { hold.isHeld = false }
    return try await operation()
  }

  deinit {
    isHeld = false
  }
}
