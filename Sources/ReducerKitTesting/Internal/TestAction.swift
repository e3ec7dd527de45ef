/// An action as the ``TestStore``'s runtime sees it: sent by the test, or received from an
/// effect.
///
/// Wrapping lets the store tell the two apart without any help from the runtime: the effects of
/// every action are mapped with `.received`, so everything they emit comes back as `.received`.
enum TestAction<Action> {
  /// Sent by `TestStore.send`, at `location`.
  case sent(Action, TestLocation)
  /// Emitted by an effect.
  case received(Action)
}
