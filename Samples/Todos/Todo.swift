import CasePaths
import Foundation
import ReducerKit

/// One row of ``Todos``: a title and a check box.
///
/// ``Todos`` runs it for each row with `.forEach(\.todos, action: \.todos) { Todo() }`, and
/// watches ``Action/checkBoxToggled`` to sort completed rows to the bottom.
public struct Todo: Reducer {
  /// A to-do item.
  @ObservableState
  public struct State: Equatable, Identifiable, Codable, Sendable {
    /// The row's identity, from the ``Todos/Environment/uuid`` generator.
    public let id: UUID
    /// What there is to do.
    public var title: String
    /// Whether it is done.
    public var isComplete: Bool

    /// Creates a to-do item.
    public init(id: UUID, title: String = "", isComplete: Bool = false) {
      self.id = id
      self.title = title
      self.isComplete = isComplete
    }
  }

  /// What can happen to a to-do item.
  @CasePathable
  public enum Action: Hashable, Codable, Sendable {
    /// The check box was tapped: toggles ``State/isComplete``.
    case checkBoxToggled
    /// The title was edited.
    case titleChanged(String)
  }

  /// Creates the row reducer.
  public init() {}

  /// Toggles the completion or sets the title; a row has no effects.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .checkBoxToggled:
      state.isComplete.toggle()
      return .none

    case let .titleChanged(title):
      state.title = title
      return .none
    }
  }
}
