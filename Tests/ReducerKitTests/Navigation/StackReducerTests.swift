import Clocks
import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// `StackState`, `StackAction` and `forEach(\.path, action:)`: pushing, popping, element ids a
/// test numbers from 0, `dismiss` popping an element, and a popped element's effects cancelled.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StackReducerTests {
  @Reducer
  struct Timer {
    @ObservableState
    struct State: Equatable, Codable {
      var ticks = 0
    }

    enum Action: Equatable, Codable {
      case onAppear
      case tick
      case doneButtonTapped
    }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .onAppear:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.tick)
            }
          }
        case .tick:
          state.ticks += 1
          return .none
        case .doneButtonTapped:
          return .run { _ in await dismiss() }
        }
      }
    }
  }

  @Reducer
  struct Detail {
    @ObservableState
    struct State: Equatable, Codable {
      var title = ""
    }

    enum Action: Equatable, Codable {
      case showTimerButtonTapped
    }
  }

  @Reducer
  enum Path {
    case detail(Detail)
    case timer(Timer)
  }

  @Reducer
  struct Root {
    @ObservableState
    struct State: Equatable, Codable {
      var path = StackState<Path.State>()
    }

    enum Action: Equatable, Codable {
      case path(StackActionOf<Path>)
      case openDetail(String)
      case popToRoot
      case replaceBottom(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .path(.element(id: _, action: .detail(.showTimerButtonTapped))):
          state.path.append(.timer(Timer.State()))
          return .none
        case .path:
          return .none
        case .openDetail(let title):
          state.path.append(.detail(Detail.State(title: title)))
          return .none
        case .popToRoot:
          state.path.removeAll()
          return .none
        case .replaceBottom(let title):
          state.path.removeFirst()
          state.path.append(.detail(Detail.State(title: title)))
          return .none
        }
      }
      .forEach(\.path, action: \.path)
    }
  }

  @Test func pushesAreNumberedFromZeroInATest() async {
    let store = TestStore(initialState: Root.State()) { Root() }
    await store.send(.openDetail("A")) {
      $0.path[id: 0] = .detail(Detail.State(title: "A"))
    }
    await store.send(.path(.element(id: 0, action: .detail(.showTimerButtonTapped)))) {
      $0.path[id: 1] = .timer(Timer.State())
    }
    await store.send(.path(.push(id: 2, state: .detail(Detail.State(title: "B"))))) {
      $0.path[id: 2] = .detail(Detail.State(title: "B"))
    }
    #expect(store.state.path.ids == [0, 1, 2])
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    #expect(store.state.path.ids == [0])
    await store.send(.openDetail("C")) {
      $0.path[id: 3] = .detail(Detail.State(title: "C"))
    }
  }

  @Test func poppingCancelsTheElementsEffects() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Root.State(path: StackState([.timer(Timer.State())]))
    ) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let id = store.state.path.ids[0]
    await store.send(.path(.element(id: id, action: .timer(.onAppear))))
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: id].timer.tick) {
      $0.path[id: id] = .timer(Timer.State(ticks: 1))
    }
    await store.send(.popToRoot) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
  }

  @Test func onlyTheRemovedElementsEffectsAreCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: Root.State()) {
      Root()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.path(.push(id: 0, state: .timer(Timer.State())))) {
      $0.path[id: 0] = .timer(Timer.State())
    }
    await store.send(.path(.push(id: 1, state: .timer(Timer.State())))) {
      $0.path[id: 1] = .timer(Timer.State())
    }
    await store.send(.path(.element(id: 0, action: .timer(.onAppear))))
    await store.send(.path(.element(id: 1, action: .timer(.onAppear))))
    // One screen removed and one pushed in one action: the stack keeps its length.
    await store.send(.replaceBottom("A")) {
      $0.path[id: 0] = nil
      $0.path[id: 2] = .detail(Detail.State(title: "A"))
    }
    // A push cancels nothing.
    await store.send(.openDetail("B")) {
      $0.path[id: 3] = .detail(Detail.State(title: "B"))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 1].timer.tick) {
      $0.path[id: 1] = .timer(Timer.State(ticks: 1))
    }
    await store.send(.popToRoot) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
  }

  @Test func dismissPopsTheElement() async {
    let store = TestStore(initialState: Root.State()) { Root() }
    await store.send(.openDetail("A")) { $0.path[id: 0] = .detail(Detail.State(title: "A")) }
    await store.send(.path(.element(id: 0, action: .detail(.showTimerButtonTapped)))) {
      $0.path[id: 1] = .timer(Timer.State())
    }
    await store.send(.path(.element(id: 1, action: .timer(.doneButtonTapped))))
    await store.receive(\.path.popFrom, 1) { $0.path.pop(from: 1) }
  }

  @Test func anActionForAMissingElementIsReported() async {
    let store = TestStore(initialState: Root.State()) { Root() }
    await withKnownIssue {
      await store.send(.path(.element(id: 7, action: .timer(.tick))))
    } matching: { issue in
      issue.description.contains("received an action for a missing element: id #7")
    }
  }

  @Test func theStackEncodesEachElementWithItsID() throws {
    var state = Root.State()
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      state.path.append(.detail(Detail.State(title: "A")))
      state.path.append(.timer(Timer.State(ticks: 2)))
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(state), as: UTF8.self)
    #expect(
      json == #"{"path":[{"element":{"detail":{"_0":{"title":"A"}}},"id":0},"#
        + #"{"element":{"timer":{"_0":{"ticks":2}}},"id":1}]}"#
    )
    #expect(try JSONDecoder().decode(Root.State.self, from: Data(json.utf8)) == state)
  }

  @Test func theDumpIsADictionaryByID() {
    var path = StackState<Path.State>()
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      path.append(.detail(Detail.State(title: "A")))
    }
    #expect(
      String(customDumping: path) == """
        [
          #0: .detail(
            StackReducerTests.Detail.State(title: "A")
          )
        ]
        """
    )
    #expect(
      String(customDumping: Root.Action.path(.popFrom(id: 0))) == """
        StackReducerTests.Root.Action.path(
          .popFrom(id: #0)
        )
        """
    )
  }
}

extension StackReducerTests.Path.State: Equatable, Codable {}
extension StackReducerTests.Path.Action: Equatable, Codable {}
