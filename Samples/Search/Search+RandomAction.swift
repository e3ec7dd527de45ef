extension Search: RandomActionGenerating {
  /// A random user action: typing (a letter added or removed, or a city's beginning pasted),
  /// clearing the field, or picking one of the current results.
  ///
  /// Queries are made from the city list, so most of them have results; a result is picked only
  /// when there are results.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    let kind = pick(
      [
        (4, .paste),
        (4, .type),
        (state.query.isEmpty ? 0 : 3, .erase),
        (state.query.isEmpty ? 0 : 1, .clear),
        (state.results.isEmpty ? 0 : 4, .pick),
      ] as [(weight: Int, value: SearchActionKind)],
      using: &rng
    )
    switch kind {
    case .paste:
      let city = SearchClient.cities.randomElement(using: &rng)!
      return .queryChanged(String(city.prefix(Int.random(in: 1...4, using: &rng))))
    case .type:
      let letters = Array("abcdefghijklmnopqrstuvwxyz")
      return .queryChanged(state.query + String(letters.randomElement(using: &rng)!))
    case .erase:
      return .queryChanged(String(state.query.dropLast()))
    case .clear:
      return .queryChanged("")
    case .pick:
      return .searchResultTapped(state.results.randomElement(using: &rng)!)
    }
  }
}

/// The kinds of action `randomAction(for:using:)` chooses between.
private enum SearchActionKind {
  case paste, type, erase, clear, pick
}
