import Testing

@testable import RKDebugCLI

/// The clock of `rkdebug record`: a sleep ends at once and moves `now` to its deadline, and a
/// cancelled task's sleep throws, so cancelled effects still end as cancelled.
@Suite struct InstantClockTests {
  @Test func sleepEndsAtOnceAndAdvancesNow() async throws {
    let clock = InstantClock()
    let start = clock.now
    try await clock.sleep(for: .seconds(1))
    try await clock.sleep(for: .milliseconds(250))
    #expect(start.duration(to: clock.now) == .milliseconds(1250))
    try await clock.sleep(until: start, tolerance: nil)
    #expect(clock.now == start)
  }

  @Test func sleepOfACancelledTaskThrows() async {
    let clock = InstantClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now == InstantClock.Instant(offset: .zero))
  }
}
