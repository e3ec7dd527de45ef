extension DependencyValues.Continuation {
  /// The dependencies in effect here, changed by `prepare`, kept to run every action with: what
  /// a store, a test store, the recorder and a replay restore with `yield` for each action.
  package static func current(
    changedBy prepare: (inout DependencyValues) -> Void = { _ in }
  ) -> Self {
    withDependencies(prepare) { withEscapedDependencies { $0 } }
  }
}
