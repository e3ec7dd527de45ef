import Clocks
import Foundation
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitTesting
import Testing

@MainActor
@Suite("Todos", .timeLimit(.minutes(1)))
struct TodosTests {
  // Three rows with identifiers 0, 1 and 2, none completed.
  let milk = Todo.State(id: UUID(0), title: "Milk")
  let eggs = Todo.State(id: UUID(1), title: "Eggs")
  let soap = Todo.State(id: UUID(2), title: "Hand soap")

  /// The three rows, in that order.
  var threeTodos: Todos.State { Todos.State(todos: [milk, eggs, soap]) }

  @Test func addInsertsAtTheTopWithSequentialIdentifiers() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos().testDependencies()
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos = [Todo.State(id: UUID(0))]
    }
    await store.send(.addTodoButtonTapped) {
      $0.todos = [Todo.State(id: UUID(1)), Todo.State(id: UUID(0))]
    }
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test func rowActionsReachTheRow() async {
    let store = TestStore(initialState: threeTodos) {
      Todos().testDependencies()
    }
    await store.send(.todos(.element(id: UUID(1), action: .titleChanged("Bread")))) {
      $0.todos[id: UUID(1)]?.title = "Bread"
    }
    await store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled))) {
      $0.todos[id: UUID(1)]?.isComplete = true
    }
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [
        milk, soap, Todo.State(id: UUID(1), title: "Bread", isComplete: true),
      ]
    }
  }

  @Test func completedRowsAreSortedToTheBottomAfterADelay() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: threeTodos) {
      Todos().testDependencies(clock: clock)
    }
    await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.waitForSleeps(1)

    await clock.advance(by: .milliseconds(999))
    // One millisecond short of the delay, the sort is still asleep on the clock.
    await #expect(throws: (any Error).self) { try await clock.checkSuspension() }

    await clock.advance(by: .milliseconds(1))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [eggs, soap, completed(milk)]
    }
  }

  @Test func togglingAgainRestartsTheSortDelay() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: threeTodos) {
      Todos().testDependencies(clock: clock)
    }
    let first = await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.waitForSleeps(1)
    await clock.advance(by: .milliseconds(500))
    await store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled))) {
      $0.todos[id: UUID(1)]?.isComplete = true
    }
    await clock.waitForSleeps(2)
    // The clock has not reached the first sort's time: it ends only because it was cancelled.
    await first.finish()

    // The first sort's time: it does not run, and the second is still asleep.
    await clock.advance(by: .milliseconds(500))
    await #expect(throws: (any Error).self) { try await clock.checkSuspension() }

    await clock.advance(by: .milliseconds(500))
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [soap, completed(milk), completed(eggs)]
    }
  }

  @Test func filters() async {
    let store = TestStore(initialState: Todos.State(todos: [milk, completed(eggs), soap])) {
      Todos().testDependencies()
    }
    await store.send(.filterPicked(.completed)) { $0.filter = .completed }
    #expect(store.state.filteredTodos.ids.elements == [UUID(1)])
    await store.send(.filterPicked(.active)) { $0.filter = .active }
    #expect(store.state.filteredTodos.ids.elements == [UUID(0), UUID(2)])
    await store.send(.filterPicked(.all)) { $0.filter = .all }
    #expect(store.state.filteredTodos == store.state.todos)
  }

  @Test func deleteCountsOffsetsInTheFilteredRows() async {
    let store = TestStore(initialState: Todos.State(todos: [completed(milk), eggs, soap])) {
      Todos().testDependencies()
    }
    await store.send(.filterPicked(.active)) { $0.filter = .active }
    // Offset 1 of the active rows (eggs, soap) is the soap, not the eggs at offset 1 of all.
    await store.send(.delete(IndexSet(integer: 1))) {
      $0.todos = [completed(milk), eggs]
    }
    await store.send(.delete(IndexSet(integer: 7)))
  }

  @Test func clearCompleted() async {
    let store = TestStore(initialState: threeTodos) {
      Todos().testDependencies()
    }
    await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [eggs, soap, completed(milk)]
    }
    await store.send(.todos(.element(id: UUID(2), action: .checkBoxToggled))) {
      $0.todos[id: UUID(2)]?.isComplete = true
    }
    // Already in order: the sort changes nothing.
    await store.receive(\.sortCompletedTodos)
    await store.send(.clearCompletedButtonTapped) {
      $0.todos = [eggs]
    }
  }

  @Test func moveThenSort() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: Todos.State(todos: [milk, eggs, completed(soap)])) {
      Todos().testDependencies(clock: clock)
    }
    await store.send(.move(IndexSet(integer: 2), 0)) {
      $0.todos = [completed(soap), milk, eggs]
    }
    await clock.waitForSleeps(1)
    await clock.advance(by: Todos.moveSortDelay)
    await store.receive(\.sortCompletedTodos) {
      $0.todos = [milk, eggs, completed(soap)]
    }
  }

  @Test func moveUnderAFilterMapsOffsetsToTheWholeList() async {
    let state = Todos.State(filter: .active, todos: [milk, completed(eggs), soap])
    let store = TestStore(initialState: state) {
      Todos().testDependencies()
    }
    // Offset 1 of the active rows (milk, soap) is the soap; it goes before the milk.
    await store.send(.move(IndexSet(integer: 1), 0)) {
      $0.todos = [soap, milk, completed(eggs)]
    }
    // Already in order: the sort after a move changes nothing.
    await store.receive(\.sortCompletedTodos)
  }

  @Test func removingARowWithAPendingSortWarnsNothing() async {
    let warnings = IssueCollector()
    let clock = CountingTestClock()
    let store = TestStore(initialState: threeTodos) {
      Todos().testDependencies(clock: clock)
    }
    await warnings.capture {
      await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
        $0.todos[id: UUID(0)]?.isComplete = true
      }
      await store.send(.delete(IndexSet(integer: 0))) {
        $0.todos = [eggs, soap]
      }
      await clock.waitForSleeps(1)
      await clock.advance(by: Todos.sortDelay)
      await store.receive(\.sortCompletedTodos)
    }
    #expect(warnings.messages.isEmpty)
  }

  /// `todo`, checked.
  func completed(_ todo: Todo.State) -> Todo.State {
    var todo = todo
    todo.isComplete = true
    return todo
  }
}
