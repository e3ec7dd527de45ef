import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@MainActor
@Suite("Codable", .timeLimit(.minutes(1)))
struct CodableTests {
  @Test func everyAppStateAndActionOfARandomRunRoundTrips() async throws {
    let run = await runRandomActions(
      AppFeature(), from: AppFeature.State(), count: 400, seed: 11
    )
    for action in run.actions {
      #expect(try roundTrip(action) == action)
    }
    for state in run.states {
      #expect(try roundTrip(state) == state)
    }
  }

  @Test func everyFeatureRoundTrips() async throws {
    let counter = await runRandomActions(
      Counter(), from: Counter.State(), count: 100, seed: 5
    )
    let todos = await runRandomActions(
      Todos(), from: Todos.State(), count: 100, seed: 5
    )
    let search = await runRandomActions(
      Search(), from: Search.State(), count: 100, seed: 5
    )
    for (action, state) in zip(counter.actions, counter.states) {
      #expect(try roundTrip(action) == action)
      #expect(try roundTrip(state) == state)
    }
    for (action, state) in zip(todos.actions, todos.states) {
      #expect(try roundTrip(action) == action)
      #expect(try roundTrip(state) == state)
    }
    for (action, state) in zip(search.actions, search.states) {
      #expect(try roundTrip(action) == action)
      #expect(try roundTrip(state) == state)
    }
  }

  @Test func responsesAndEveryCaseRoundTrip() throws {
    let actions: [AppFeature.Action] = [
      .counter(.increment), .counter(.decrement), .counter(.reset),
      .counter(.delayedIncrementButtonTapped), .counter(.delayedIncrementResponse),
      .counter(.factButtonTapped), .counter(.factResponse("1 is one.")),
      .counter(.factFailed("no")),
      .tab(.selected(.settings)), .tab(.todos(.addTodoButtonTapped)),
      .tab(.todos(.clearCompletedButtonTapped)), .tab(.todos(.delete([0, 2]))),
      .tab(.todos(.filterPicked(.completed))), .tab(.todos(.move([1], 0))),
      .tab(.todos(.sortCompletedTodos)),
      .tab(.todos(.todos(.element(id: UUID(3), action: .titleChanged("Milk"))))),
      .tab(.todos(.todos(.element(id: UUID(3), action: .checkBoxToggled)))),
      .tab(.settings(.displayNameChanged("Ada"))), .tab(.settings(.notificationsToggled)),
      .tab(.settings(.themePicked(.dark))), .tab(.settings(.resetButtonTapped)),
      .search(.queryChanged("ber")), .search(.searchResponse(["Berlin"])),
      .search(.searchResultTapped("Berlin")), .searchButtonTapped, .searchDismissed,
    ]
    for action in actions {
      #expect(try roundTrip(action) == action)
    }
    let state = AppFeature.State(
      counter: Counter.State(count: 3, fact: "3 is three.", isLoadingFact: true),
      tab: .settings(Settings.State(displayName: "Ada", theme: .light)),
      search: Search.State(query: "b", results: ["Bern"], selectedResult: "Bern")
    )
    #expect(try roundTrip(state) == state)
  }

  @Test func jsonShapes() throws {
    #expect(try json(Counter.Action.increment) == #"{"increment":{}}"#)
    #expect(
      try json(Todos.Action.todos(.element(id: UUID(1), action: .checkBoxToggled)))
        == #"{"todos":{"_0":{"element":{"action":{"checkBoxToggled":{}},"#
        + #""id":"00000000-0000-0000-0000-000000000001"}}}}"#
    )
    #expect(
      try json(Todos.State(todos: [Todo.State(id: UUID(0), title: "Milk")]))
        == #"{"filter":"all","todos":[{"color":"gray","createdAt":0,"#
        + #""id":"00000000-0000-0000-0000-000000000000","isComplete":false,"title":"Milk"}]}"#
    )
    #expect(
      try json(AppFeature.State())
        == #"{"counter":{"count":0,"isLoadingFact":false,"pendingIncrements":0},"#
        + #""tab":{"todos":{"_0":{"filter":"all","todos":[]}}}}"#
    )
  }
}
