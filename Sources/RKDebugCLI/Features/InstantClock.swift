import ReducerKit

/// The clock `rkdebug record` gives effects unless `--real-time`: a sleep ends at once and moves
/// ``now`` to its deadline, as swift-clocks' `ImmediateClock` does, but without the twenty
/// `Task.yield`s on a detached task that `ImmediateClock` adds to every sleep.
///
/// Those yields let tests observe an effect between its sleep and its next step. `record` only
/// needs every effect to finish before the next action, which it waits for anyway; each yield
/// would be two thread hops, the main cost of recording an effect that sleeps.
final class InstantClock: Clock, Sendable {
  /// A point on the clock: the time slept since the clock was made.
  struct Instant: InstantProtocol {
    /// How far the clock has advanced.
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let current = LockIsolated(Instant(offset: .zero))

  var now: Instant { current.value }

  var minimumResolution: Duration { .zero }

  /// Returns at once, unless the sleeping task is cancelled, and moves ``now`` to `deadline`.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    current.setValue(deadline)
  }
}
