extension Todo: RandomActionGenerating {
  /// A random row action: mostly check box taps, sometimes a new title from ``sampleTitles``.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    if Int.random(in: 0..<3, using: &rng) < 2 {
      return .checkBoxToggled
    }
    return .titleChanged(sampleTitles.randomElement(using: &rng)!)
  }

  /// The titles random actions give rows.
  public static let sampleTitles = [
    "Buy milk", "Call mom", "Water the plants", "Walk the dog", "Pay rent", "Fix the bike",
    "Read a chapter", "Book flights", "Clean the kitchen", "Write tests",
  ]
}
