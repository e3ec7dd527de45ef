import CasePaths

/// An action for one element of an `IdentifiedArray` of child states, used with
/// ``Reducer/forEach(_:action:element:fileID:line:)``.
///
/// ```swift
/// @CasePathable
/// enum Action {
///   case todos(IdentifiedActionOf<Todo>)
/// }
/// ```
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// An action for the element with identifier `id`.
  case element(id: ID, action: Action)
}

/// A convenience for the ``IdentifiedAction`` of a reducer whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}

extension IdentifiedAction.AllCasePaths {
  /// The case path of the actions for the element with identifier `id`, so
  /// `\.todos[id: id].binding.title` is a case key path of the parent action.
  public subscript(id id: ID) -> AnyCasePath<IdentifiedAction, Action> {
    AnyCasePath(
      embed: { .element(id: id, action: $0) },
      extract: {
        guard case .element(id, let action) = $0 else { return nil }
        return action
      }
    )
  }
}
