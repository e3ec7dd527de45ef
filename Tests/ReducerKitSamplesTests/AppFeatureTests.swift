import Clocks
import Foundation
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitTesting
import Testing

@MainActor
@Suite("AppFeature", .timeLimit(.minutes(1)))
struct AppFeatureTests {
  /// A test store of the app whose every screen sleeps on `clock`.
  func makeStore(clock: some Clock<Duration>) -> TestStore<AppFeature.State, AppFeature.Action> {
    TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
      $0.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(FirstChoiceGenerator())
    }
  }

  @Test func scopeRoutesCounterActions() async {
    let clock = CountingTestClock()
    let store = makeStore(clock: clock)
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.delayedIncrementButtonTapped)) {
      $0.counter.pendingIncrements = 1
    }
    await clock.waitForSleeps(1)
    await clock.advance(by: Counter.delayedIncrementDelay)
    await store.receive(\.counter.delayedIncrementResponse) {
      $0.counter.count = 2
      $0.counter.pendingIncrements = 0
    }
  }

  @Test func ifLetRunsTheSearchSheet() async {
    let clock = CountingTestClock()
    let store = makeStore(clock: clock)
    await store.send(.searchButtonTapped) { $0.search = Search.State() }

    await store.send(.search(.queryChanged("ber"))) {
      $0.search?.query = "ber"
      $0.search?.isSearching = true
    }
    await clock.waitForSleeps(1)
    await clock.advance(by: Search.debounce)
    await store.receive(\.search.searchResponse, ["Berlin", "Bern"]) {
      $0.search?.results = ["Berlin", "Bern"]
      $0.search?.isSearching = false
    }

    await store.send(.search(.searchResultTapped("Bern"))) {
      $0.search?.selectedResult = "Bern"
    }

    // Tapping the button again while the sheet is up changes nothing.
    await store.send(.searchButtonTapped)
  }

  @Test func dismissingSearchCancelsItsSearch() async throws {
    let warnings = IssueCollector()
    let clock = TestClock()
    let store = makeStore(clock: clock)
    try await warnings.capture {
      await store.send(.searchButtonTapped) { $0.search = Search.State() }
      let search = await store.send(.search(.queryChanged("ber"))) {
        $0.search?.query = "ber"
        $0.search?.isSearching = true
      }
      await store.send(.searchDismissed) { $0.search = nil }
      // The clock has not moved: the search ends only because it was cancelled.
      await search.finish()
      try await clock.checkSuspension()

      // Nothing is left to answer: the store would fail on an action it did not expect.
      await clock.advance(by: .seconds(1))
    }
    #expect(warnings.messages.isEmpty)
  }

  @Test func searchActionsWithoutTheSheetAreReported() async {
    let warnings = IssueCollector()
    let store = makeStore(clock: ImmediateClock())
    await warnings.capture {
      await store.send(.search(.queryChanged("ber")))
    }
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains(#"An "ifLet" at "#) == true)
  }

  @Test func ifCaseLetRunsTheShownScreen() async {
    let store = makeStore(clock: ImmediateClock())
    await store.send(.tab(.todos(.addTodoButtonTapped))) {
      $0.tab = .todos(Todos.State(todos: [Todo.State(id: UUID(0))]))
    }

    // Picking the screen that is shown keeps its state.
    await store.send(.tab(.selected(.todos)))

    await store.send(.tab(.selected(.settings))) { $0.tab = .settings(Settings.State()) }
    await store.send(.tab(.settings(.displayNameChanged("Ada")))) {
      $0.tab = .settings(Settings.State(displayName: "Ada"))
    }
    await store.send(.tab(.settings(.notificationsToggled))) {
      $0.tab = .settings(Settings.State(displayName: "Ada", notificationsEnabled: true))
    }
    await store.send(.tab(.settings(.resetButtonTapped))) {
      $0.tab = .settings(Settings.State())
    }
  }

  @Test func leavingTheTodosCancelsTheirPendingSort() async throws {
    let warnings = IssueCollector()
    let clock = TestClock()
    let store = makeStore(clock: clock)
    try await warnings.capture {
      await store.send(.tab(.todos(.addTodoButtonTapped))) {
        $0.tab = .todos(Todos.State(todos: [Todo.State(id: UUID(0))]))
      }
      let sort = await store.send(
        .tab(.todos(.todos(.element(id: UUID(0), action: .checkBoxToggled))))
      ) {
        $0.tab = .todos(Todos.State(todos: [Todo.State(id: UUID(0), isComplete: true)]))
      }
      await store.send(.tab(.selected(.settings))) { $0.tab = .settings(Settings.State()) }
      // The clock has not moved: the sort ends only because it was cancelled.
      await sort.finish()
      try await clock.checkSuspension()

      // Nothing is left to land: the store would fail on an action it did not expect.
      await clock.advance(by: .seconds(2))
    }
    #expect(warnings.messages.isEmpty)
  }

  @Test func screenActionsForTheOtherScreenAreReported() async {
    let warnings = IssueCollector()
    let store = makeStore(clock: ImmediateClock())
    await warnings.capture {
      await store.send(.tab(.settings(.notificationsToggled)))
    }
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains(#"An "ifCaseLet" at "#) == true)
  }

  @Test func childrenRunIndependently() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature().testDependencies()
    }
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.searchButtonTapped) { $0.search = Search.State() }
    await store.send(.search(.queryChanged("par"))) {
      $0.search?.query = "par"
      $0.search?.isSearching = true
    }
    await store.receive(\.search.searchResponse, ["Paris"]) {
      $0.search?.results = ["Paris"]
      $0.search?.isSearching = false
    }
    await store.send(.tab(.todos(.addTodoButtonTapped))) {
      $0.tab = .todos(Todos.State(todos: [Todo.State(id: UUID(0))]))
    }
  }
}
