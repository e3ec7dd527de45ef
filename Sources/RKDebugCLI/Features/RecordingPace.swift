import Clocks
import ReducerKit

/// How `rkdebug record` lets time pass between the actions of a feature registered with an
/// `actionInterval`: effects run on a test clock that moves that far after each action (or, with
/// `--real-time`, on the real clocks, for that long), so a timer ticks while the user acts.
@MainActor
struct RecordingPace {
  /// The time between two actions.
  let interval: Duration
  /// The clock the effects sleep on, unless `--real-time`.
  private let clock: TestClock<Duration>?

  init(interval: Duration, realTime: Bool) {
    self.interval = interval
    self.clock = realTime ? nil : TestClock()
  }

  /// Gives the effects the paced clock (after ``RecordOptions/prepare(_:)`` set the others).
  nonisolated func prepare(_ values: inout DependencyValues) {
    guard let clock else { return }
    values.continuousClock = clock
    values.suspendingClock = clock
  }

  /// Lets `interval` pass: every effect runs until it sleeps past it or ends.
  func wait() async {
    if let clock {
      await clock.advance(by: interval)
    } else {
      try? await Task.sleep(for: interval)
    }
  }
}
