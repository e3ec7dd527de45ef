import Clocks
import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// `@Presents`, `PresentationAction` and `ifLet(\.$destination, action:)`: presenting,
/// dismissing from the parent and from the child, alerts dismissed by their buttons, and the
/// child's effects cancelled whenever its presentation goes away.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PresentationReducerTests {
  @Reducer
  struct Editor {
    @ObservableState
    struct State: Equatable, Codable {
      var title = ""
      var ticks = 0
      var isPresented = false
    }

    enum Action: Equatable, Codable {
      case titleChanged(String)
      case startTicking
      case tick
      case closeButtonTapped
      case checkPresented
    }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss
    @Dependency(\.isPresented) var isPresented

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .titleChanged(let title):
          state.title = title
          return .none
        case .startTicking:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.tick)
            }
          }
        case .tick:
          state.ticks += 1
          return .none
        case .closeButtonTapped:
          return .run { _ in await dismiss() }
        case .checkPresented:
          state.isPresented = isPresented
          return .none
        }
      }
    }
  }

  @Reducer
  enum Destination {
    case editor(Editor)
    case viewer(Editor)
    case confirmation(AlertState<Confirmation>)

    @CasePathable
    enum Confirmation: Equatable, Codable { case confirm }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable, Codable {
      @Presents var destination: Destination.State?
      @Presents var alert: AlertState<Alert>?
      var saved: [String] = []
    }

    enum Alert: Equatable, Codable { case confirm }

    enum Action: Equatable, Codable {
      case destination(PresentationAction<Destination.Action>)
      case alert(PresentationAction<Alert>)
      case deleteAllButtonTapped
      case editButtonTapped
      case viewButtonTapped
      case deleteButtonTapped
      case dismissFromParent
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.editor(.titleChanged(let title)))):
          state.saved.append("parent saw \(title)")
          return .none
        case .destination(.dismiss):
          if case .editor(let editor)? = state.destination { state.saved.append(editor.title) }
          return .none
        case .destination(.presented(.confirmation(.confirm))):
          state.saved.removeAll()
          return .none
        case .destination:
          return .none
        case .alert(.presented(.confirm)):
          state.saved.removeAll()
          return .none
        case .alert:
          return .none
        case .editButtonTapped:
          state.destination = .editor(Editor.State())
          return .none
        case .viewButtonTapped:
          state.destination = .viewer(Editor.State())
          return .none
        case .deleteButtonTapped:
          state.alert = AlertState { TextState("Delete?") } actions: {
            ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
          }
          return .none
        case .deleteAllButtonTapped:
          state.destination = .confirmation(
            AlertState { TextState("Delete all?") } actions: {
              ButtonState(action: .confirm) { TextState("Delete all") }
            }
          )
          return .none
        case .dismissFromParent:
          state.destination = nil
          return .none
        }
      }
      .ifLet(\.$destination, action: \.destination)
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Test func presentingAndEditingRunsTheChildFirst() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.editButtonTapped) { $0.destination = .editor(Editor.State()) }
    await store.send(.destination(.presented(.editor(.titleChanged("Milk"))))) {
      $0.destination = .editor(Editor.State(title: "Milk"))
      $0.saved = ["parent saw Milk"]
    }
    await store.send(.destination(.presented(.editor(.checkPresented)))) {
      $0.destination = .editor(Editor.State(title: "Milk", isPresented: true))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
      $0.saved = ["parent saw Milk", "Milk"]
    }
  }

  @Test func theChildDismissesItself() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.editButtonTapped) { $0.destination = .editor(Editor.State()) }
    await store.send(.destination(.presented(.editor(.closeButtonTapped))))
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
      $0.saved = [""]
    }
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) { Parent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.editButtonTapped) { $0.destination = .editor(Editor.State()) }
    await store.send(.destination(.presented(.editor(.startTicking))))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.editor.tick) {
      $0.destination = .editor(Editor.State(ticks: 1))
    }
    await store.send(.dismissFromParent) { $0.destination = nil }
    // Nothing left in flight: the store's end-of-test check would fail otherwise.
    await clock.advance(by: .seconds(5))
  }

  @Test func replacingThePresentationCancelsTheOldOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State()) { Parent() } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.editButtonTapped) { $0.destination = .editor(Editor.State()) }
    await store.send(.destination(.presented(.editor(.startTicking))))
    await store.send(.viewButtonTapped) { $0.destination = .viewer(Editor.State()) }
    await clock.advance(by: .seconds(5))
  }

  @Test func anAlertIsDismissedByItsButton() async {
    let store = TestStore(initialState: Parent.State(saved: ["a"])) { Parent() }
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState { TextState("Delete?") } actions: {
        ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
      }
    }
    await store.send(.alert(.presented(.confirm))) {
      $0.alert = nil
      $0.saved = []
    }
  }

  @Test func anAlertCaseOfADestinationIsDismissedByItsButton() async {
    let store = TestStore(initialState: Parent.State(saved: ["a"])) { Parent() }
    await store.send(.deleteAllButtonTapped) {
      $0.destination = .confirmation(
        AlertState { TextState("Delete all?") } actions: {
          ButtonState(action: .confirm) { TextState("Delete all") }
        }
      )
    }
    await store.send(\.destination.confirmation.confirm) {
      $0.destination = nil
      $0.saved = []
    }
  }

  @Test func anActionForAnAbsentDestinationIsReported() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await withKnownIssue {
      await store.send(.destination(.presented(.editor(.tick))))
    } matching: { issue in
      issue.description.contains(
        "received a presentation action when the destination state was absent"
      )
    }
  }

  @Test func presentationStateEncodesAsTheOptionalItWraps() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let absent = String(decoding: try encoder.encode(Parent.State()), as: UTF8.self)
    #expect(absent == #"{"saved":[]}"#)
    let present = Parent.State(destination: .editor(Editor.State(title: "a")))
    let json = String(decoding: try encoder.encode(present), as: UTF8.self)
    #expect(
      json == #"{"destination":{"editor":{"_0":{"isPresented":false,"ticks":0,"title":"a"}}},"#
        + #""saved":[]}"#
    )
    #expect(try JSONDecoder().decode(Parent.State.self, from: Data(json.utf8)) == present)
    #expect(try JSONDecoder().decode(Parent.State.self, from: Data(absent.utf8)) == Parent.State())
  }

  @Test func theDumpShowsThePresentedState() {
    let state = Parent.State(destination: .editor(Editor.State(title: "a")))
    #expect(
      String(customDumping: state) == """
        PresentationReducerTests.Parent.State(
          _destination: .editor(
            PresentationReducerTests.Editor.State(
              title: "a",
              ticks: 0,
              isPresented: false
            )
          ),
          _alert: nil,
          saved: []
        )
        """
    )
  }
}

extension PresentationReducerTests.Destination.State: Equatable, Codable {}
extension PresentationReducerTests.Destination.Action: Equatable, Codable {}
