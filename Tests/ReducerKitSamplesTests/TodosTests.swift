import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@MainActor
@Suite("Todos", .timeLimit(.minutes(1)))
struct TodosTests {
  /// A store of `Todos` on a test clock, with incrementing identifiers.
  func makeStore(
    _ state: Todos.State = Todos.State(), clock: ManualClock = ManualClock()
  ) -> Store<Todos> {
    Store(initialState: state, reducer: Todos(environment: .init(clock: clock)))
  }

  /// Three rows with identifiers 0, 1 and 2, none completed.
  var threeTodos: Todos.State {
    Todos.State(
      todos: [
        Todo.State(id: UUID(0), title: "Milk"),
        Todo.State(id: UUID(1), title: "Eggs"),
        Todo.State(id: UUID(2), title: "Hand soap"),
      ]
    )
  }

  @Test func addInsertsAtTheTopWithSequentialIdentifiers() {
    let store = makeStore()
    store.send(.addTodoButtonTapped)
    store.send(.addTodoButtonTapped)
    #expect(store.todos.ids.elements == [UUID(1), UUID(0)])
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(store.todos[0] == Todo.State(id: UUID(1)))
  }

  @Test func rowActionsReachTheRow() {
    let store = makeStore(threeTodos)
    store.send(.todos(.element(id: UUID(1), action: .titleChanged("Bread"))))
    store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled)))
    #expect(store.todos[id: UUID(1)] == Todo.State(id: UUID(1), title: "Bread", isComplete: true))
  }

  @Test func completedRowsAreSortedToTheBottomAfterADelay() async {
    let clock = ManualClock()
    let store = makeStore(threeTodos, clock: clock)
    let task = store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    #expect(store.todos.ids.elements == [UUID(0), UUID(1), UUID(2)])

    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(999))
    #expect(store.todos.ids.elements == [UUID(0), UUID(1), UUID(2)])

    await clock.advance(by: .milliseconds(1))
    await task.finish()
    #expect(store.todos.ids.elements == [UUID(1), UUID(2), UUID(0)])
  }

  @Test func togglingAgainRestartsTheSortDelay() async {
    let clock = ManualClock()
    let store = makeStore(threeTodos, clock: clock)
    let first = store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    let second = store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled)))
    // The clock has not moved: the first sort ends only because it was cancelled.
    await first.finish()

    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    #expect(store.todos.ids.elements == [UUID(0), UUID(1), UUID(2)])

    await clock.advance(by: .milliseconds(500))
    await second.finish()
    #expect(store.todos.ids.elements == [UUID(2), UUID(0), UUID(1)])
  }

  @Test func filters() {
    let store = makeStore(threeTodos)
    store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled)))
    store.send(.filterPicked(.completed))
    #expect(store.state.filteredTodos.ids.elements == [UUID(1)])
    store.send(.filterPicked(.active))
    #expect(store.state.filteredTodos.ids.elements == [UUID(0), UUID(2)])
    store.send(.filterPicked(.all))
    #expect(store.state.filteredTodos == store.todos)
  }

  @Test func deleteCountsOffsetsInTheFilteredRows() {
    let store = makeStore(threeTodos)
    store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    store.send(.filterPicked(.active))
    store.send(.delete(IndexSet(integer: 1)))
    #expect(store.todos.ids.elements == [UUID(0), UUID(1)])
    store.send(.delete(IndexSet(integer: 7)))
    #expect(store.todos.ids.elements == [UUID(0), UUID(1)])
  }

  @Test func clearCompleted() {
    let store = makeStore(threeTodos)
    store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    store.send(.todos(.element(id: UUID(2), action: .checkBoxToggled)))
    store.send(.clearCompletedButtonTapped)
    #expect(store.todos.ids.elements == [UUID(1)])
  }

  @Test func moveThenSort() async {
    let clock = ManualClock()
    var state = threeTodos
    state.todos[id: UUID(2)]?.isComplete = true
    let store = makeStore(state, clock: clock)
    let task = store.send(.move(IndexSet(integer: 2), 0))
    #expect(store.todos.ids.elements == [UUID(2), UUID(0), UUID(1)])

    await clock.waitForSleeps(1)
    await clock.advance(by: Todos.moveSortDelay)
    await task.finish()
    #expect(store.todos.ids.elements == [UUID(0), UUID(1), UUID(2)])
  }

  @Test func moveUnderAFilterMapsOffsetsToTheWholeList() async {
    var state = threeTodos
    state.filter = .active
    state.todos[id: UUID(1)]?.isComplete = true
    let store = makeStore(state)
    store.send(.move(IndexSet(integer: 1), 0))
    #expect(store.todos.ids.elements == [UUID(2), UUID(0), UUID(1)])
  }

  @Test func removingARowWithAPendingSortWarnsNothing() async throws {
    let warnings = WarningCollector()
    let clock = ManualClock()
    let store = makeStore(threeTodos, clock: clock)
    await warnings.capture {
      let task = store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled)))
      store.send(.delete(IndexSet(integer: 0)))
      await clock.waitForSleeps(1)
      await clock.advance(by: Todos.sortDelay)
      await task.finish()
    }
    #expect(store.todos.ids.elements == [UUID(1), UUID(2)])
    #expect(warnings.messages.isEmpty)
  }
}
