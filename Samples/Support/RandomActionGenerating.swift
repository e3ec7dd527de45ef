import ReducerKit

/// A feature that can make up an action that is valid for its current state, for
/// `rkdebug record --random N --seed S` and for randomized tests.
///
/// "Valid" means the store handles it without a runtime warning: element actions name ids that
/// are in the collection, child actions are made only while the child state exists, and indices
/// are in range. Actions that only effects send (responses) are never made up.
///
/// The action must depend on nothing but `state` and the numbers drawn from `rng`, so a seeded
/// generator such as ``SplitMix64`` gives the same actions every run:
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// for _ in 0..<100 {
///   await store.send(Todos.randomAction(for: store.state, using: &rng)).finish()
/// }
/// ```
public protocol RandomActionGenerating: Reducer {
  /// An action that is valid for `state`, chosen with `rng`.
  ///
  /// - Parameters:
  ///   - state: The feature's current state.
  ///   - rng: The source of randomness; the same sequence gives the same actions.
  /// - Returns: An action the feature's reducer handles without a runtime warning.
  static func randomAction(for state: State, using rng: inout some RandomNumberGenerator) -> Action

  /// Now and then, a change no action makes, between two random actions: another device
  /// writing the file a `@Shared` value is stored in. Runs with the feature's dependencies (its
  /// storage); draws only from `rng`, so a seeded generator gives the same changes every run.
  static func randomOutsideChange(for state: State, using rng: inout some RandomNumberGenerator)
}

extension RandomActionGenerating {
  /// None: most features change only through their actions.
  public static func randomOutsideChange(
    for state: State, using rng: inout some RandomNumberGenerator
  ) {}
}
