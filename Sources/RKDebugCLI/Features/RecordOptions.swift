import Foundation
import ReducerKit

/// How `rkdebug record` runs a feature.
struct RecordOptions: Sendable {
  /// Whether effects sleep for real (`--real-time`) rather than on an ``InstantClock``.
  var realTime = false
  /// Whether `uuid`, `date` and random numbers are live (`--live`) rather than seeded.
  var live = false
  /// The seed of random actions and of the seeded dependencies.
  var seed: UInt64 = 0
  /// A full-state snapshot is written every this many actions.
  var snapshotInterval = 1000

  /// The first date the seeded `date` dependency gives: 2026-01-01 00:00:00 UTC.
  static let seededStartDate = Date(timeIntervalSince1970: 1_767_225_600)

  /// Sets the clocks, and unless live, seeds `uuid`, `date` and `withRandomNumberGenerator` and
  /// pins `calendar`, `locale` and `timeZone`, so a seeded session is the same on any machine.
  func prepare(_ values: inout DependencyValues) {
    let clock: any Clock<Duration> = realTime ? ContinuousClock() : InstantClock()
    values.continuousClock = clock
    values.suspendingClock = clock
    guard !live else { return }
    values.locale = Locale(identifier: "en_US_POSIX")
    values.timeZone = TimeZone(identifier: "UTC")!
    var calendar = Calendar(identifier: .gregorian)
    calendar.locale = values.locale
    calendar.timeZone = values.timeZone
    values.calendar = calendar
    values.uuid = .incrementing
    values.date = Self.advancingDate(from: Self.seededStartDate, by: 1)
    // Another stream than the random actions', which use the seed itself.
    values.withRandomNumberGenerator = WithRandomNumberGenerator(
      SplitMix64(seed: seed ^ 0x5EED_5EED_5EED_5EED)
    )
  }

  /// A date generator that starts at `start` and advances `step` seconds per read.
  private static func advancingDate(from start: Date, by step: TimeInterval) -> DateGenerator {
    let reads = LockIsolated(0)
    return DateGenerator {
      reads.withValue { count in
        defer { count += 1 }
        return start.addingTimeInterval(Double(count) * step)
      }
    }
  }
}
