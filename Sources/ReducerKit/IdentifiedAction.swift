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
