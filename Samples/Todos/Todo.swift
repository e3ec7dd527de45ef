import CasePaths
import Foundation
import ReducerKit

/// One row of ``Todos``: a title, a check box, and when and in which colour it was made.
///
/// ``Todos`` runs it for each row with `.forEach(\.todos, action: \.todos) { Todo() }`, and
/// watches ``Action/checkBoxToggled`` to sort completed rows to the bottom.
public struct Todo: Reducer {
  /// A to-do item.
  @ObservableState
  public struct State: Equatable, Identifiable, Codable, Sendable {
    /// The row's identity, from the `uuid` dependency.
    public let id: UUID
    /// What there is to do.
    public var title: String
    /// Whether it is done.
    public var isComplete: Bool
    /// When the row was added, from the `date` dependency.
    public var createdAt: Date
    /// The row's label colour, picked at random when it was added.
    public var color: Color

    /// Creates a to-do item.
    public init(
      id: UUID, title: String = "", isComplete: Bool = false,
      createdAt: Date = Date(timeIntervalSinceReferenceDate: 0), color: Color = .gray
    ) {
      self.id = id
      self.title = title
      self.isComplete = isComplete
      self.createdAt = createdAt
      self.color = color
    }
  }

  /// The colours a row's label can have.
  public enum Color: String, CaseIterable, Codable, Hashable, Sendable {
    case gray, red, orange, yellow, green, blue, purple
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
