import Clocks

extension Counter {
  /// The dependencies of ``Counter``'s effects.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let counter = Counter(environment: .init(clock: clock, numberFact: .deterministic))
  /// ```
  public struct Environment: Sendable {
    /// The clock delayed increments sleep on.
    public var clock: any Clock<Duration>
    /// Where facts come from.
    public var numberFact: NumberFactClient

    /// Creates an environment.
    public init(clock: any Clock<Duration>, numberFact: NumberFactClient = .deterministic) {
      self.clock = clock
      self.numberFact = numberFact
    }

    /// Real time (`ContinuousClock`) and the deterministic fact client.
    public static var live: Self {
      sample(.realTime)
    }

    /// Instant delays (`ImmediateClock`) and the deterministic fact client.
    public static var immediate: Self {
      sample(.immediate)
    }

    /// The environment for one ``SampleClock`` choice, with the deterministic fact client.
    public static func sample(_ clock: SampleClock) -> Self {
      Self(clock: clock.clock, numberFact: .deterministic)
    }
  }
}
