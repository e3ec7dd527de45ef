import IdentifiedCollections

extension Todos {
  /// Which rows of the list are shown.
  public enum Filter: String, CaseIterable, Codable, Hashable, Sendable {
    /// Every row.
    case all
    /// Rows not yet completed.
    case active
    /// Completed rows.
    case completed

    /// Whether a row is shown under this filter.
    public func includes(_ todo: Todo.State) -> Bool {
      switch self {
      case .all: true
      case .active: !todo.isComplete
      case .completed: todo.isComplete
      }
    }
  }
}

extension Todos.State {
  /// The rows the current ``filter`` shows, in display order.
  ///
  /// ``Todos/Action/delete(_:)`` and ``Todos/Action/move(_:_:)`` count offsets in this
  /// collection, as a list view of it reports them.
  public var filteredTodos: IdentifiedArrayOf<Todo.State> {
    todos.filter(filter.includes)
  }
}
