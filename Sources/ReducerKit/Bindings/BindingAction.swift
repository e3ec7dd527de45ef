import CasePaths
import CustomDump

/// An action that sets one property of a feature's state: what a SwiftUI binding to
/// `$store.email` sends, and what a test sends with `store.send(\.binding.email, "a@b.c")`.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.email):
///       state.isFormValid = !state.email.isEmpty
///       return .none
///     case .binding:
///       return .none
///     }
///   }
/// }
/// ```
///
/// It is `Codable` when its root is an ``ObservableStateProtocol`` (see `BindingAction+Codable`).
public struct BindingAction<Root>: CasePathable, Equatable, Sendable {
  private let _keyPath: UncheckedSendable<PartialKeyPath<Root>>
  /// Writes the value into a root: what ``BindingReducer`` runs.
  let set: @Sendable (inout Root) -> Void
  /// The value the action sets.
  let value: any Sendable
  private let valueIsEqualTo: @Sendable (Any) -> Bool

  /// The key path of the property the action sets.
  public var keyPath: PartialKeyPath<Root> { _keyPath.value }

  /// An action that sets the property at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>,
    _ value: Value
  ) -> Self where Root: ObservableStateProtocol {
    let writable = UncheckedSendable(keyPath)
    return Self(
      _keyPath: UncheckedSendable(keyPath),
      set: { $0[keyPath: writable.value] = value },
      value: value,
      valueIsEqualTo: { $0 as? Value == value }
    )
  }

  /// Equal when they set the same property to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.keyPath == rhs.keyPath && lhs.valueIsEqualTo(rhs.value)
  }

  /// Whether `bindingAction` sets the property at `keyPath`, so a reducer can match it in a
  /// `switch`: `case .binding(\.email):`.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>, bindingAction: Self
  ) -> Bool {
    keyPath == bindingAction.keyPath
  }

  /// One case path per property of the root, so `\.binding.email` is a case key path of an
  /// action with a `binding` case.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }

  /// The case paths of a binding action: `\BindingAction<State>.Cases.email` embeds a value as
  /// `.set(\.email, value)` and extracts the value of an action that sets `email`.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case path of the actions that set the property at `keyPath`.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> where Root: ObservableStateProtocol {
      let keyPath = UncheckedSendable(keyPath)
      return AnyCasePath(
        embed: { .set(keyPath.value, $0) },
        extract: { $0.keyPath == keyPath.value ? $0.value as? Value : nil }
      )
    }
  }
}

/// Dumped as TCA dumps it: `.set(\State.email, "a@b.c")`, the value one level deep.
extension BindingAction: CustomDumpStringConvertible {
  public var customDumpDescription: String {
    var description = ".set("
    customDump(keyPath, to: &description, maxDepth: 0)
    description += ", "
    customDump(value, to: &description, maxDepth: 0)
    description += ")"
    return description
  }
}
