import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct OnChangeTests {
  struct Search: Reducer {
    @ObservableState
    struct State: Equatable {
      var query = ""
      var results: [String] = []
      var changes: [String] = []
    }

    @CasePathable
    enum Action: Equatable {
      case setQuery(String)
      case search
      case touch
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .setQuery(let query):
          state.query = query
          return .none
        case .search:
          state.results = [state.query.uppercased()]
          return .none
        case .touch:
          return .none
        }
      }
      .onChange(of: \.query) { oldValue, state in
        state.changes.append("\(oldValue) → \(state.query)")
        state.results = []
        return .send(.search)
      }
    }
  }

  @Test func runsAfterAnActionThatChangesTheValue() async {
    let store = TestStore(initialState: Search.State(results: ["OLD"])) { Search() }
    await store.send(.setQuery("a")) {
      $0.query = "a"
      $0.results = []
      $0.changes = [" → a"]
    }
    await store.receive(\.search) {
      $0.results = ["A"]
    }
    await store.send(.setQuery("a"))
    await store.send(.touch)
  }

  @Test func buildsAReducerFromTheOldAndNewValue() {
    let reducer = Reduce<Search.State, Search.Action> { state, action in
      if case .setQuery(let query) = action { state.query = query }
      return .none
    }
    .onChange(of: \.query) { oldValue, newValue in
      Reduce { state, _ in
        state.changes.append("\(oldValue) → \(newValue)")
        return .none
      }
    }
    var state = Search.State()
    _ = reducer.reduce(into: &state, action: .setQuery("b"))
    _ = reducer.reduce(into: &state, action: .setQuery("b"))
    _ = reducer.reduce(into: &state, action: .setQuery("c"))
    #expect(state == Search.State(query: "c", changes: [" → b", "b → c"]))
  }
}
