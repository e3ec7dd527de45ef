import Clocks

extension Search {
  /// The dependencies of ``Search``.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let search = Search(environment: .init(clock: clock, client: .deterministic))
  /// ```
  public struct Environment: Sendable {
    /// The clock the debounce sleeps on.
    public var clock: any Clock<Duration>
    /// Where results come from.
    public var client: SearchClient

    /// Creates an environment.
    public init(clock: any Clock<Duration>, client: SearchClient = .deterministic) {
      self.clock = clock
      self.client = client
    }

    /// Real time (`ContinuousClock`) and the deterministic client.
    public static var live: Self {
      sample(.realTime)
    }

    /// Instant debounce (`ImmediateClock`) and the deterministic client.
    public static var immediate: Self {
      sample(.immediate)
    }

    /// The environment for one ``SampleClock`` choice, with the deterministic client.
    public static func sample(_ clock: SampleClock) -> Self {
      Self(clock: clock.clock, client: .deterministic)
    }
  }
}
