import Clocks

extension Todos {
  /// The dependencies of ``Todos``.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let todos = Todos(environment: .init(clock: clock, uuid: .incrementing))
  /// ```
  public struct Environment: Sendable {
    /// The clock the delayed sort sleeps on.
    public var clock: any Clock<Duration>
    /// Makes the identifiers of new rows.
    public var uuid: UUIDGenerator

    /// Creates an environment.
    public init(clock: any Clock<Duration>, uuid: UUIDGenerator = .incrementing) {
      self.clock = clock
      self.uuid = uuid
    }

    /// Real time (`ContinuousClock`) and incrementing identifiers.
    public static var live: Self {
      sample(.realTime)
    }

    /// Instant delays (`ImmediateClock`) and incrementing identifiers.
    public static var immediate: Self {
      sample(.immediate)
    }

    /// The environment for one ``SampleClock`` choice, with a new incrementing identifier
    /// generator.
    public static func sample(_ clock: SampleClock) -> Self {
      Self(clock: clock.clock, uuid: .incrementing)
    }
  }
}
