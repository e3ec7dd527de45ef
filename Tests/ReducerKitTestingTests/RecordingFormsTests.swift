import Foundation
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

  /// An alert whose actions have no cases, as TCA features write one that only informs.
  @Reducer
  struct Notice {
    @ObservableState
    struct State: Equatable, Codable {
      @Presents var alert: AlertState<Action.Alert>?
    }

    enum Action: Equatable, Codable, Sendable {
      case alert(PresentationAction<Alert>)
      case failed(String)

      enum Alert: Equatable, Sendable {}
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none
        case .failed(let message):
          state.alert = AlertState { TextState(message) }
          return .none
        }
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Test func anAlertWithoutActionsRecordsWithOnlyStateAndActionCodable() async throws {
    let log = try TestLog.inMemory()
    let store = TestStore(initialState: Notice.State(), reducer: Notice(), recording: log)
    await store.send(.failed("Offline")) { $0.alert = AlertState { TextState("Offline") } }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    assertReplays(log: log, reducer: Notice())
  }

  /// A feature whose action is not `Sendable`, as a public action enum of another module is
  /// unless it says so (TicTacToe's `NewGame.Action`).
  @Reducer
  struct Greeter {
    @ObservableState
    struct State: Equatable, Codable {
      var greeting = ""
    }

    enum Action: Equatable, Codable {
      case greet(String)
      case greeted(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .greet(let name):
          return .send(.greeted("Hello, \(name)!"))
        case .greeted(let greeting):
          state.greeting = greeting
          return .none
        }
      }
    }
  }

  @Test func aFeatureWhoseActionIsNotSendableRecordsAndReplays() async throws {
    let log = try TestLog.inMemory()
    let store = TestStore(initialState: Greeter.State(), reducer: Greeter(), recording: log)
    await store.send(.greet("Blob"))
    await store.receive(.greeted("Hello, Blob!")) { $0.greeting = "Hello, Blob!" }
    try log.flush()
    let actions = try log.reader().actions()
    #expect(
      actions.map(\.label) == [
        #"RecordingFormsTests.Greeter.Action.greet("Blob")"#,
        #"RecordingFormsTests.Greeter.Action.greeted("Hello, Blob!")"#,
      ])
    #expect(
      actions.map(\.json) == [
        #"{"greet":{"_0":"Blob"}}"#, #"{"greeted":{"_0":"Hello, Blob!"}}"#,
      ])
    assertReplays(log: log, reducer: Greeter())
  }

  /// An action that is not `Codable` in a button fails to encode with its type's name.
  @Test func aButtonsActionThatIsNotCodableFailsNamingItsType() throws {
    struct Opaque: Equatable {}
    let alert = AlertState<Opaque> {
      TextState("Hi")
    } actions: {
      ButtonState(action: Opaque()) { TextState("OK") }
    }
    #expect {
      try JSONEncoder().encode(alert)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription.contains("'Opaque' is not Encodable")
    }
    // A button whose action is `null` has none, as `decodeIfPresent` reads it.
    let button = try JSONDecoder().decode(
      ButtonState<Notice.Action.Alert>.self, from: Data(#"{"action":null,"label":"OK"}"#.utf8))
    #expect(button.action.action == nil)
    // Without buttons, nothing asks the action's type to encode.
    let notice = try JSONEncoder().encode(AlertState<Opaque> { TextState("Hi") })
    #expect(String(decoding: notice, as: UTF8.self) == #"{"title":"Hi"}"#)
  }
}

@available(*, unavailable)
extension RecordingFormsTests.Greeter.Action: Sendable {}
