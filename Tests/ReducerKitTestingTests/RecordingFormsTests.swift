import ReducerKit
import ReducerKitTesting
import Testing

/// A feature built from bindings, view actions and an alert records without hand-written coding
/// and replays with every state the same.
@MainActor
@Suite struct RecordingFormsTests {
  struct Signup: Reducer {
    @ObservableState
    struct State: Equatable, Codable {
      var alert: AlertState<Action.Alert>?
      var email = ""
      var isFormValid = false
      var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
    }

    @CasePathable
    enum Action: ViewAction, Equatable, Codable, Sendable {
      case alert(Alert)
      case rows(IdentifiedActionOf<Row>)
      case view(View)

      @CasePathable
      enum Alert: Equatable, Codable, Sendable { case clearEmail }

      @CasePathable
      enum View: BindableAction, Equatable, Codable, Sendable {
        case binding(BindingAction<State>)
        case submitButtonTapped
      }
    }

    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
      Reduce { state, action in
        switch action {
        case .alert(.clearEmail):
          state.alert = nil
          state.email = ""
          return .none
        case .rows:
          return .none
        case .view(.binding):
          state.isFormValid = state.email.contains("@")
          return .none
        case .view(.submitButtonTapped):
          state.alert = AlertState {
            TextState("Not an email: ") + TextState(state.email)
          } actions: {
            ButtonState(role: .destructive, action: .clearEmail) { TextState("Clear") }
            ButtonState(role: .cancel) { TextState("Edit") }
          }
          return .none
        }
      }
      .forEach(\.rows, action: \.rows) { Row() }
    }
  }

  struct Row: Reducer {
    @ObservableState
    struct State: Equatable, Codable, Identifiable {
      let id: Int
      var title = ""
    }

    @CasePathable
    enum Action: BindableAction, Equatable, Codable, Sendable {
      case binding(BindingAction<State>)
    }

    var body: some ReducerOf<Self> { BindingReducer() }
  }

  @Test func bindingsAndAlertsRecordAndReplay() async throws {
    let log = try TestLog.inMemory()
    let store = TestStore(initialState: Signup.State(), reducer: Signup(), recording: log)
    await store.send(\.view.binding.email, "blob") { $0.email = "blob" }
    await store.send(\.view.submitButtonTapped) {
      $0.alert = AlertState {
        TextState("Not an email: ") + TextState("blob")
      } actions: {
        ButtonState(role: .destructive, action: .clearEmail) { TextState("Clear") }
        ButtonState(role: .cancel) { TextState("Edit") }
      }
    }
    await store.send(\.alert.clearEmail) {
      $0.alert = nil
      $0.email = ""
    }
    await store.send(\.rows[id: 2].binding.title, "Milk") { $0.rows[id: 2]?.title = "Milk" }
    await store.send(\.view.binding.email, "blob@example.com") {
      $0.email = "blob@example.com"
      $0.isFormValid = true
    }
    assertReplays(log: log, reducer: Signup())
  }
}
