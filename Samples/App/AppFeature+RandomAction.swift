extension AppFeature: RandomActionGenerating {
  /// A random user action that is valid for `state`.
  ///
  /// Counter actions are always possible; search actions only while the sheet is presented,
  /// and presenting only while it is not; main-area actions go to the screen that is shown
  /// (see ``Tab/randomAction(for:using:)``).
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    let isSearching = state.search != nil
    let kind = pick(
      [
        (3, .counter),
        (5, .tab),
        (isSearching ? 0 : 1, .presentSearch),
        (isSearching ? 4 : 0, .search),
        (isSearching ? 1 : 0, .dismissSearch),
      ] as [(weight: Int, value: AppActionKind)],
      using: &rng
    )
    switch kind {
    case .counter:
      return .counter(Counter.randomAction(for: state.counter, using: &rng))
    case .tab:
      return .tab(Tab.randomAction(for: state.tab, using: &rng))
    case .presentSearch:
      return .searchButtonTapped
    case .search:
      return .search(Search.randomAction(for: state.search!, using: &rng))
    case .dismissSearch:
      return .searchDismissed
    }
  }
}

extension AppFeature.Tab: RandomActionGenerating {
  /// A random action for the screen that is shown, or now and then a switch to the other one.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    if Int.random(in: 0..<12, using: &rng) == 0 {
      return .selected(Kind.allCases.randomElement(using: &rng)!)
    }
    switch state {
    case let .todos(todos):
      return .todos(Todos.randomAction(for: todos, using: &rng))
    case let .settings(settings):
      return .settings(Settings.randomAction(for: settings, using: &rng))
    }
  }
}

/// The kinds of action `randomAction(for:using:)` chooses between.
private enum AppActionKind {
  case counter, tab, presentSearch, search, dismissSearch
}
