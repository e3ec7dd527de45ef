extension Counter: RandomActionGenerating {
  /// A random user action: increment, decrement, reset, a delayed increment or a fact request.
  ///
  /// Every counter action is valid in every state; responses are left to the effects. Resets are
  /// rare so that runs wander away from zero, and decrements slightly rarer than increments so
  /// that both facts and fact failures (for negative numbers) occur.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    pick(weightedActions, using: &rng)
  }

  /// The user actions and their weights, built once rather than per pick.
  private static let weightedActions: [(weight: Int, value: Action)] = [
    (8, .increment),
    (6, .decrement),
    (1, .reset),
    (3, .delayedIncrementButtonTapped),
    (3, .factButtonTapped),
  ]
}
