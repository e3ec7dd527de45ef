/// An action with a `binding` case that carries a ``BindingAction`` of the feature's state, for
/// ``BindingReducer`` to apply.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case saveButtonTapped
/// }
/// ```
public protocol BindableAction<State> {
  /// The state the binding actions set.
  associatedtype State

  /// The action that carries `action`: the `binding` case.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action carries, or `nil` when it is another case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The payload of the `binding` case, found by reflection.
  public var binding: BindingAction<State>? {
    guard let child = Mirror(reflecting: self).children.first, child.label == "binding"
    else { return nil }
    return child.value as? BindingAction<State>
  }
}

extension BindableAction where State: ObservableStateProtocol {
  /// The binding action that sets the property at `keyPath` to `value`, spelled as TCA's
  /// documentation spells it in tests: `store.send(.set(\.email, "blob@pointfree.co"))`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<State, Value>, _ value: Value
  ) -> Self {
    .binding(.set(keyPath, value))
  }
}
