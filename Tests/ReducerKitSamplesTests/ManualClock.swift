import Foundation

/// A clock that moves only when a test advances it, and that tells how many sleeps are waiting.
///
/// swift-clocks' `TestClock` advances at once: an effect that has been started but has not yet
/// reached its `sleep` (likely on a loaded machine) sleeps from the advanced time and misses the
/// advance. Tests here first wait with ``waitForSleeps(_:)`` until the effects they started are
/// asleep, then ``advance(by:)``, so every step is exact.
///
/// ```swift
/// let task = store.send(.delayedIncrementButtonTapped)
/// await clock.waitForSleeps(1)
/// await clock.advance(by: .seconds(1))
/// await task.finish()
/// ```
final class ManualClock: Clock, @unchecked Sendable {
  /// A point in the clock's time: how long after its start.
  struct Instant: InstantProtocol, Hashable {
    var offset: Duration

    func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  // `@unchecked Sendable`: every mutable property is read and written under `lock`.
  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Sleeper] = []
  private var nextID = 0

  var now: Instant {
    lock.withLock { current }
  }

  var minimumResolution: Duration {
    .zero
  }

  /// The number of sleeps waiting for the clock to reach their deadline.
  var pendingSleeps: Int {
    lock.withLock { sleepers.count }
  }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = lock.withLock {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        lock.withLock {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else if deadline <= current {
            continuation.resume()
          } else {
            sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          }
        }
      }
    } onCancel: {
      let sleeper = lock.withLock {
        sleepers.firstIndex { $0.id == id }.map { sleepers.remove(at: $0) }
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes the sleeps whose deadline it reaches, earliest first.
  func advance(by duration: Duration) async {
    let due = lock.withLock {
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
      sleepers.removeAll { $0.deadline <= current }
      return due
    }
    for sleeper in due {
      sleeper.continuation.resume()
    }
  }

  /// Waits, in real time, until exactly `count` sleeps are waiting on the clock.
  func waitForSleeps(_ count: Int) async {
    while pendingSleeps != count {
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}
