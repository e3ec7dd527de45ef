import Foundation

extension Todos: RandomActionGenerating {
  /// A random user action that is valid for `state`.
  ///
  /// Row actions name only rows that exist; ``Action/delete(_:)`` and ``Action/move(_:_:)``
  /// use offsets within ``State/filteredTodos``; clearing completed rows happens only when
  /// some are completed. Adding is weighted so that lists grow to a handful of rows and stay
  /// there, and the sort response is left to the effect.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    let visible = state.filteredTodos
    let hasCompleted = state.todos.contains(where: \.isComplete)
    let kind = pick(
      [
        (state.todos.count < 8 ? 4 : 1, .add),
        (state.todos.isEmpty ? 0 : 8, .row),
        (visible.isEmpty ? 0 : 2, .delete),
        (visible.count < 2 ? 0 : 2, .move),
        (hasCompleted ? 1 : 0, .clear),
        (2, .filter),
      ] as [(weight: Int, value: TodosActionKind)],
      using: &rng
    )
    switch kind {
    case .add:
      return .addTodoButtonTapped
    case .row:
      let todo = state.todos.randomElement(using: &rng)!
      return .todos(.element(id: todo.id, action: Todo.randomAction(for: todo, using: &rng)))
    case .delete:
      return .delete(IndexSet(integer: Int.random(in: visible.indices, using: &rng)))
    case .move:
      let source = Int.random(in: visible.indices, using: &rng)
      return .move(IndexSet(integer: source), Int.random(in: 0...visible.count, using: &rng))
    case .clear:
      return .clearCompletedButtonTapped
    case .filter:
      return .filterPicked(Filter.allCases.randomElement(using: &rng)!)
    }
  }
}

/// The kinds of action `randomAction(for:using:)` chooses between.
private enum TodosActionKind {
  case add, row, delete, move, clear, filter
}
