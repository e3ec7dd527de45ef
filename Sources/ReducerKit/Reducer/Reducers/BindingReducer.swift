import CasePaths

/// Applies the ``BindingAction``s of a ``BindableAction`` to the state: list it first in a
/// feature's body, so the feature's own logic sees the state after the binding.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in … }
/// }
/// ```
///
/// For binding actions carried by a view action, `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  let toViewAction: (Action) -> ViewAction?

  /// Applies the binding actions of the feature's own action.
  public init() where Action == ViewAction {
    toViewAction = { $0 }
  }

  /// Applies the binding actions carried by the case `toViewAction` of the feature's action.
  ///
  /// - Parameter toViewAction: The case of the action that carries a bindable action, usually
  ///   `\.view`.
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) where Action: CasePathable {
    self.toViewAction = { $0[case: toViewAction] }
  }

  /// Sets the property a binding action names; changes nothing for any other action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let bindingAction = toViewAction(action)?.binding else { return .none }
    bindingAction.set(&state)
    return .none
  }
}
