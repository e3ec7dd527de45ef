import ReducerKit
import ReducerKitTesting
import Testing

/// `@Reducer` puts the result builder on `body`, so a body of several reducers compiles as in
/// TCA (the conformance comes in an extension, which Swift does not infer the builder from).
@MainActor
@Suite struct ReducerMacroBodyTests {
  @Reducer
  struct Form {
    @ObservableState
    struct State: Equatable {
      var name = ""
      var log: [String] = []
    }

    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case submit
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        state.log.append(action == .submit ? "submit" : "binding to \(state.name)")
        return .none
      }
    }
  }

  @Test func aBodyOfSeveralReducersRunsThemInOrder() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(\.binding.name, "Ada") {
      $0.name = "Ada"
      $0.log = ["binding to Ada"]
    }
    await store.send(.submit) { $0.log = ["binding to Ada", "submit"] }
  }

  @Test func withExhaustivityChecksOnlyWhatIsAssertedInside() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.withExhaustivity(.off) {
      await store.send(.submit)
    }
    #expect(store.exhaustivity == .on)
    await store.send(.submit) { $0.log = ["submit", "submit"] }
  }
}
