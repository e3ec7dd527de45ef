import Foundation
import ReducerKit

extension DependencyValues {
  /// Makes every dependency the samples read deterministic for a test: effects sleep on
  /// `clock`, `uuid` counts up from `00000000-0000-0000-0000-000000000000`, `date` is the
  /// reference date (the default `createdAt` of a to-do) and random picks take the first choice
  /// (a to-do's colour is `gray`).
  public mutating func useTestValues(clock: any Clock<Duration> = ImmediateClock()) {
    continuousClock = clock
    uuid = .incrementing
    date = .constant(Date(timeIntervalSinceReferenceDate: 0))
    withRandomNumberGenerator = WithRandomNumberGenerator(FirstChoiceGenerator())
  }
}

extension Reducer {
  /// This reducer with the dependencies of ``DependencyValues/useTestValues(clock:)``.
  public func testDependencies(
    clock: any Clock<Duration> = ImmediateClock()
  ) -> _DependencyKeyWritingReducer<Self> {
    // Made once, so the `uuid` count runs across actions.
    var values = DependencyValues()
    values.useTestValues(clock: clock)
    return dependency(\.continuousClock, values.continuousClock)
      .dependency(\.uuid, values.uuid)
      .dependency(\.date, values.date)
      .dependency(\.withRandomNumberGenerator, values.withRandomNumberGenerator)
  }
}

/// A random number generator whose draws make `Int.random(in:using:)` and
/// `randomElement(using:)` pick the lowest choice: it always draws 1 (a generator that draws 0
/// would make their rejection sampling loop forever).
public struct FirstChoiceGenerator: RandomNumberGenerator, Sendable {
  public init() {}
  public func next() -> UInt64 { 1 }
}
