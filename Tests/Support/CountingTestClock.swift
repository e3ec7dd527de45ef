import Clocks
import Synchronization

/// A swift-clocks `TestClock` that counts the sleeps started on it, so a test can wait until an
/// effect has reached its sleep before advancing the clock.
///
/// `TestClock.advance(by:)` only yields a few times before moving time forward. On a busy
/// machine an effect task may not have reached `clock.sleep` by then: the advance is missed and
/// the test hangs or, worse, passes without testing anything. Call ``waitForSleeps(_:)`` with
/// the total number of sleeps the test expects to have started before each ``advance(by:)``.
///
/// Shared by the test targets through the `ReducerKitTestSupport` target.
public final class CountingTestClock: Clock, Sendable {
  public typealias Duration = Swift.Duration
  public typealias Instant = TestClock<Duration>.Instant

  private let base = TestClock()
  private let started = Mutex(0)

  /// Creates a clock at time zero.
  public init() {}

  public var now: Instant { base.now }
  public var minimumResolution: Duration { base.minimumResolution }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    started.withLock { $0 += 1 }
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  /// Waits until `count` sleeps have started on this clock since it was made (including sleeps
  /// that were cancelled). The suite's time limit bounds the wait.
  public func waitForSleeps(_ count: Int) async {
    var attempts = 0
    while started.withLock({ $0 }) < count {
      attempts += 1
      if attempts < 100 {
        await Task.yield()
      } else {
        // The effect's thread has not been scheduled yet: give it real time.
        try? await Task.sleep(for: .milliseconds(1))
      }
    }
  }

  /// Throws when a sleep is still waiting for the clock (`TestClock.checkSuspension()`).
  public func checkSuspension() async throws {
    try await base.checkSuspension()
  }

  /// Moves time forward, resuming the sleeps that end by then.
  public func advance(by duration: Duration) async {
    await base.advance(by: duration)
  }
}
