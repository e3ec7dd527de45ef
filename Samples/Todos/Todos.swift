import CasePaths
import Foundation
import IdentifiedCollections
import ReducerKit

/// A to-do list: rows handled by ``Todo`` through `forEach`, a filter, and a delayed sort that
/// moves completed rows to the bottom.
///
/// Adding a row reads three nondeterministic dependencies, as a real feature does: `uuid` for
/// its id, `date` for its creation time and `withRandomNumberGenerator` for its colour. A
/// recording logs what they returned, so a replay is exact.
///
/// As in TCA's Todos example, checking a box does not move the row at once: a sort is scheduled
/// ``Todos/sortDelay`` later, and checking another box within that time restarts the wait
/// (`cancellable(id:cancelInFlight: true)`), so quick taps cause one sort.
///
/// ```swift
/// let store = Store(initialState: Todos.State(), reducer: Todos()) {
///   $0.continuousClock = ImmediateClock()
/// }
/// store.send(.addTodoButtonTapped)
/// let id = store.todos[0].id
/// await store.send(.todos(.element(id: id, action: .checkBoxToggled))).finish()
/// ```
@Reducer
public struct Todos {
  /// The name `rkdebug` registers the feature under.
  public static let name = "todos"

  /// How long after a check box is toggled the completed rows are sorted to the bottom.
  public static let sortDelay: Duration = .seconds(1)

  /// How long after a move the completed rows are sorted to the bottom again.
  public static let moveSortDelay: Duration = .milliseconds(100)

  /// The list's state.
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// Which rows ``filteredTodos`` shows.
    public var filter: Filter
    /// Every row, in display order.
    public var todos: IdentifiedArrayOf<Todo.State>

    /// Creates a list state.
    public init(filter: Filter = .all, todos: IdentifiedArrayOf<Todo.State> = []) {
      self.filter = filter
      self.todos = todos
    }
  }

  /// What can happen to the list.
  @CasePathable
  public enum Action: Hashable, Codable, Sendable {
    /// Inserts an empty row at the top.
    case addTodoButtonTapped
    /// Removes every completed row.
    case clearCompletedButtonTapped
    /// Removes the rows at these offsets of ``State/filteredTodos``.
    case delete(IndexSet)
    /// Shows other rows.
    case filterPicked(Filter)
    /// Moves the rows at these offsets of ``State/filteredTodos`` before the row at the
    /// destination offset (or to the end), as SwiftUI's `onMove` reports it.
    case move(IndexSet, Int)
    /// Sorts completed rows after the others, keeping the order within each group (sent by the
    /// delayed sort effect).
    case sortCompletedTodos
    /// An action of one row.
    case todos(IdentifiedActionOf<Todo>)
  }

  /// The identifiers of the list's cancellable effects.
  enum CancelID: Hashable, Sendable {
    case todoCompletion
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

  /// Creates the list reducer.
  public init() {}

  /// The list's own logic, then each row's ``Todo`` reducer through `forEach`. Checking a row
  /// or moving rows schedules ``Action/sortCompletedTodos`` after a delay, cancelling a sort
  /// already scheduled.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTodoButtonTapped:
        let color = withRandomNumberGenerator { Todo.Color.allCases.randomElement(using: &$0)! }
        state.todos.insert(Todo.State(id: uuid(), createdAt: now, color: color), at: 0)
        return .none

      case .clearCompletedButtonTapped:
        state.todos.removeAll(where: \.isComplete)
        return .none

      case let .delete(offsets):
        let filteredTodos = state.filteredTodos
        // The rows' offsets, not the set's: an index set may hold a range of 2^40 offsets.
        for offset in filteredTodos.indices where offsets.contains(offset) {
          state.todos.remove(id: filteredTodos[offset].id)
        }
        return .none

      case let .filterPicked(filter):
        state.filter = filter
        return .none

      case let .move(source, destination):
        let filteredTodos = state.filteredTodos
        let source = IndexSet(
          filteredTodos.indices
            .filter { source.contains($0) }
            .compactMap { state.todos.index(id: filteredTodos[$0].id) }
        )
        let offset = min(max(destination, 0), filteredTodos.count)
        let destination =
          offset < filteredTodos.count
          ? state.todos.index(id: filteredTodos[offset].id) ?? state.todos.endIndex
          : state.todos.endIndex
        state.todos.move(fromOffsets: source, toOffset: destination)
        return sortCompletedTodos(after: Self.moveSortDelay)

      case .sortCompletedTodos:
        state.todos.sort { !$0.isComplete && $1.isComplete }
        return .none

      case .todos(.element(id: _, action: .checkBoxToggled)):
        return sortCompletedTodos(after: Self.sortDelay)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) {
      Todo()
    }
  }

  /// Sends ``Action/sortCompletedTodos`` after `delay`, cancelling a sort already scheduled.
  private func sortCompletedTodos(after delay: Duration) -> Effect<Action> {
    .run { [clock] send in
      try await clock.sleep(for: delay)
      await send(.sortCompletedTodos)
    }
    .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)
  }
}
