import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@MainActor
@Suite("AppFeature", .timeLimit(.minutes(1)))
struct AppFeatureTests {
  /// An app whose every screen sleeps on `clock`.
  func makeStore(
    _ state: AppFeature.State = AppFeature.State(), clock: ManualClock
  ) -> Store<AppFeature> {
    let environment = AppFeature.Environment(
      counter: .init(clock: clock), todos: .init(clock: clock), search: .init(clock: clock)
    )
    return Store(initialState: state, reducer: AppFeature(environment: environment))
  }

  @Test func scopeRoutesCounterActions() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.counter(.increment))
    let task = store.send(.counter(.delayedIncrementButtonTapped))
    await clock.waitForSleeps(1)
    await clock.advance(by: Counter.delayedIncrementDelay)
    await task.finish()
    #expect(store.counter.count == 2)
    #expect(store.counter.pendingIncrements == 0)
  }

  @Test func ifLetRunsTheSearchSheet() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.searchButtonTapped)
    #expect(store.search == Search.State())

    let task = store.send(.search(.queryChanged("ber")))
    await clock.waitForSleeps(1)
    await clock.advance(by: Search.debounce)
    await task.finish()
    #expect(store.search?.results == ["Berlin", "Bern"])

    store.send(.search(.searchResultTapped("Bern")))
    #expect(store.search?.selectedResult == "Bern")

    store.send(.searchButtonTapped)
    #expect(store.search?.selectedResult == "Bern")
  }

  @Test func dismissingSearchCancelsItsSearch() async {
    let warnings = WarningCollector()
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await warnings.capture {
      store.send(.searchButtonTapped)
      let task = store.send(.search(.queryChanged("ber")))
      store.send(.searchDismissed)
      // The clock has not moved: the search ends only because it was cancelled.
      await task.finish()
      #expect(clock.pendingSleeps == 0)
      await clock.advance(by: .seconds(1))
    }
    #expect(store.search == nil)
    #expect(store.effectsInFlight == 0)
    #expect(warnings.messages.isEmpty)
  }

  @Test func searchActionsWithoutTheSheetAreReported() async {
    let warnings = WarningCollector()
    let store = makeStore(clock: ManualClock())
    warnings.captureNow {
      store.send(.search(.queryChanged("ber")))
    }
    #expect(store.search == nil)
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains(#"An "ifLet" at "#) == true)
  }

  @Test func ifCaseLetRunsTheShownScreen() {
    let store = makeStore(clock: ManualClock())
    store.send(.tab(.todos(.addTodoButtonTapped)))
    #expect(store.tab.todos?.todos.ids.elements == [UUID(0)])

    store.send(.tab(.selected(.todos)))
    #expect(store.tab.todos?.todos.count == 1)

    store.send(.tab(.selected(.settings)))
    #expect(store.tab == .settings(Settings.State()))
    store.send(.tab(.settings(.displayNameChanged("Ada"))))
    store.send(.tab(.settings(.notificationsToggled)))
    #expect(store.tab.settings == Settings.State(displayName: "Ada", notificationsEnabled: true))

    store.send(.tab(.settings(.resetButtonTapped)))
    #expect(store.tab.settings == Settings.State())
  }

  @Test func leavingTheTodosCancelsTheirPendingSort() async {
    let warnings = WarningCollector()
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await warnings.capture {
      store.send(.tab(.todos(.addTodoButtonTapped)))
      let task = store.send(.tab(.todos(.todos(.element(id: UUID(0), action: .checkBoxToggled)))))
      store.send(.tab(.selected(.settings)))
      // The clock has not moved: the sort ends only because it was cancelled.
      await task.finish()
      #expect(clock.pendingSleeps == 0)
      await clock.advance(by: .seconds(2))
    }
    #expect(store.tab == .settings(Settings.State()))
    #expect(store.effectsInFlight == 0)
    #expect(warnings.messages.isEmpty)
  }

  @Test func screenActionsForTheOtherScreenAreReported() {
    let warnings = WarningCollector()
    let store = makeStore(clock: ManualClock())
    warnings.captureNow {
      store.send(.tab(.settings(.notificationsToggled)))
    }
    #expect(store.tab == .todos(Todos.State()))
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains(#"An "ifCaseLet" at "#) == true)
  }

  @Test func childrenRunIndependently() async {
    let store = Store(
      initialState: AppFeature.State(), reducer: AppFeature(environment: .immediate)
    )
    store.send(.counter(.increment))
    store.send(.searchButtonTapped)
    await store.send(.search(.queryChanged("par"))).finish()
    store.send(.tab(.todos(.addTodoButtonTapped)))
    #expect(store.counter.count == 1)
    #expect(store.search?.results == ["Paris"])
    #expect(store.tab.todos?.todos.count == 1)
  }
}
