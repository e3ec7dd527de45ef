/// An action whose `view` case carries the actions a view sends, as TCA's: the view sends only
/// `.view(…)` actions, the reducer also handles the rest.
///
/// ```swift
/// enum Action: ViewAction {
///   case loginResponse(Result<Token, any Error>)
///   case view(View)
///   @CasePathable
///   enum View: BindableAction {
///     case binding(BindingAction<State>)
///     case loginButtonTapped
///   }
/// }
/// ```
///
/// With `BindingReducer(action: \.view)`, the view's binding actions set the state, and
/// `store.send(\.view.binding.email, "a@b.c")` sends one in a test.
public protocol ViewAction<ViewAction> {
  /// The actions the view sends.
  associatedtype ViewAction

  /// The action that carries a view action: the `view` case.
  static func view(_ action: ViewAction) -> Self
}
