import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct BindingReducerTests {
  /// A form with bindings, as TCA's Bindings-Forms case study.
  struct Signup: Reducer {
    @ObservableState
    struct State: Equatable {
      var email = ""
      var isFormValid = false
      var stepCount = 10
      var sliderValue = 5.0
    }

    @CasePathable
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case reset
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.stepCount):
          state.sliderValue = .minimum(state.sliderValue, Double(state.stepCount))
          return .none
        case .binding:
          state.isFormValid = state.email.contains("@")
          return .none
        case .reset:
          state = State()
          return .none
        }
      }
    }
  }

  @Test func setsThePropertyBeforeTheFeatureSeesTheAction() async {
    let store = TestStore(initialState: Signup.State()) { Signup() }
    await store.send(\.binding.email, "blob@pointfree.co") {
      $0.email = "blob@pointfree.co"
      $0.isFormValid = true
    }
    await store.send(\.binding.stepCount, 2) {
      $0.stepCount = 2
      $0.sliderValue = 2
    }
    await store.send(.binding(.set(\.sliderValue, 1))) {
      $0.sliderValue = 1
    }
    await store.send(\.reset) {
      $0 = Signup.State()
    }
  }

  /// A login form whose view sends its bindings, as TCA's TicTacToe `Login`.
  struct Login: Reducer {
    @ObservableState
    struct State: Equatable {
      var email = ""
      var password = ""
      var isFormValid = false
      var isLoggingIn = false
    }

    @CasePathable
    enum Action: ViewAction, Equatable {
      case loggedIn
      case view(View)

      @CasePathable
      enum View: BindableAction, Equatable {
        case binding(BindingAction<State>)
        case loginButtonTapped
      }
    }

    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
      Reduce { state, action in
        switch action {
        case .loggedIn:
          state.isLoggingIn = false
          return .none
        case .view(.binding):
          state.isFormValid = !state.email.isEmpty && !state.password.isEmpty
          return .none
        case .view(.loginButtonTapped):
          state.isLoggingIn = true
          return .send(.loggedIn)
        }
      }
    }
  }

  @Test func appliesTheBindingsOfTheViewCase() async {
    let store = TestStore(initialState: Login.State()) { Login() }
    await store.send(\.view.binding.email, "blob@pointfree.co") {
      $0.email = "blob@pointfree.co"
    }
    await store.send(\.view.binding.password, "secret") {
      $0.password = "secret"
      $0.isFormValid = true
    }
    await store.send(\.view.loginButtonTapped) {
      $0.isLoggingIn = true
    }
    await store.receive(\.loggedIn) {
      $0.isLoggingIn = false
    }
    #expect(Login.Action.view(.binding(.set(\.email, "x"))) == .view(.binding(.set(\.email, "x"))))
  }

  /// A list of rows with bindings, as TCA's Todos: `\.todos[id:]` names one row's action.
  struct Todos: Reducer {
    struct Todo: Reducer {
      @ObservableState
      struct State: Equatable, Identifiable {
        let id: Int
        var title = ""
        var isComplete = false
      }

      @CasePathable
      enum Action: BindableAction, Equatable {
        case binding(BindingAction<State>)
      }

      var body: some ReducerOf<Self> {
        BindingReducer()
      }
    }

    @ObservableState
    struct State: Equatable {
      var todos: IdentifiedArrayOf<Todo.State> = []
      var completions = 0
    }

    @CasePathable
    enum Action: Equatable {
      case todos(IdentifiedActionOf<Todo>)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .todos(.element(id: _, action: .binding(\.isComplete))):
          state.completions += 1
          return .none
        case .todos:
          return .none
        }
      }
      .forEach(\.todos, action: \.todos) { Todo() }
    }
  }

  @Test func namesOneRowsBindingsByItsID() async {
    let store = TestStore(
      initialState: Todos.State(todos: [Todos.Todo.State(id: 1), Todos.Todo.State(id: 2)])
    ) {
      Todos()
    }
    await store.send(\.todos[id: 2].binding.title, "Milk") {
      $0.todos[id: 2]?.title = "Milk"
    }
    await store.send(\.todos[id: 1].binding.isComplete, true) {
      $0.todos[id: 1]?.isComplete = true
      $0.completions = 1
    }
    let rowTitle: CaseKeyPath<Todos.Action, String> = \.todos[id: 2].binding.title
    #expect(Todos.Action.todos(.element(id: 2, action: .binding(.set(\.title, "a"))))[
      case: rowTitle] == Optional("a"))
    #expect(Todos.Action.todos(.element(id: 1, action: .binding(.set(\.title, "a"))))[
      case: rowTitle] == Optional<String>.none)
  }
}
