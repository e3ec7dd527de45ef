import Clocks

/// Which clock the samples' effects sleep on, so one switch makes every delay of a run either
/// real or instant.
///
/// Each sample's environment is built from one: `Counter.Environment.sample(.immediate)`.
/// `rkdebug record` uses ``immediate`` by default, so a recorded session of delayed effects
/// takes no wall-clock time but keeps the order in which the effects answer.
///
/// ```swift
/// let environment = AppFeature.Environment.sample(.realTime)
/// let store = Store(
///   initialState: AppFeature.State(), reducer: AppFeature(environment: environment)
/// )
/// ```
public enum SampleClock: String, CaseIterable, Codable, Sendable {
  /// Every sleep returns at once (swift-clocks' `ImmediateClock`).
  case immediate
  /// Sleeps take real time (`ContinuousClock`), as in an app.
  case realTime

  /// The clock this choice stands for.
  public var clock: any Clock<Duration> {
    switch self {
    case .immediate: ImmediateClock()
    case .realTime: ContinuousClock()
    }
  }
}
