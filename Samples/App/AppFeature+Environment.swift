extension AppFeature {
  /// The dependencies of every screen of the app.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let environment = AppFeature.Environment(
  ///   counter: .init(clock: clock),
  ///   todos: .init(clock: clock),
  ///   search: .init(clock: clock)
  /// )
  /// ```
  public struct Environment: Sendable {
    /// The counter's dependencies.
    public var counter: Counter.Environment
    /// The to-do list's dependencies.
    public var todos: Todos.Environment
    /// The search's dependencies.
    public var search: Search.Environment

    /// Creates an environment.
    public init(
      counter: Counter.Environment,
      todos: Todos.Environment,
      search: Search.Environment
    ) {
      self.counter = counter
      self.todos = todos
      self.search = search
    }

    /// Every screen in real time.
    public static var live: Self {
      sample(.realTime)
    }

    /// Every screen with instant delays.
    public static var immediate: Self {
      sample(.immediate)
    }

    /// Every screen's environment for one ``SampleClock`` choice.
    public static func sample(_ clock: SampleClock) -> Self {
      Self(counter: .sample(clock), todos: .sample(clock), search: .sample(clock))
    }
  }
}
