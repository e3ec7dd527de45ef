import CasePaths
import IdentifiedCollections
import ReducerKit
import Testing

@MainActor
@Suite struct PrintChangesTests {
  struct Feature: Reducer {
    struct Todo: Equatable, Identifiable {
      let id: Int
      var title: String
      var isComplete = false
    }

    struct Settings: Equatable {
      var name = "Blob"
      var volume = 5
    }

    @ObservableState
    struct State: Equatable {
      var count = 0
      var settings = Settings()
      var todos: IdentifiedArrayOf<Todo> = []
    }

    @CasePathable
    enum Action: Equatable {
      case setVolume(Int)
      case toggle(id: Int)
      case noop
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .setVolume(volume):
        state.settings.volume = volume
      case let .toggle(id):
        state.todos[id: id]?.isComplete.toggle()
      case .noop:
        break
      }
      return .none
    }
  }

  func makeStore(_ lines: Lines) -> StoreOf<Feature> {
    Store<Feature>(
      initialState: Feature.State(
        todos: [
          Feature.Todo(id: 1, title: "Milk"),
          Feature.Todo(id: 2, title: "Eggs"),
          Feature.Todo(id: 3, title: "Bread"),
          Feature.Todo(id: 4, title: "Jam"),
        ]
      ),
      reducer: Feature()._printChanges(.customDump(to: lines.append))
    )
  }

  @Test func nestedChange() {
    let lines = Lines()
    makeStore(lines).send(.setVolume(11))
    #expect(
      lines.all == [
        """
        received action:
          PrintChangesTests.Feature.Action.setVolume(11)
          PrintChangesTests.Feature.State(
            count: 0,
            settings: PrintChangesTests.Feature.Settings(
              name: "Blob",
        -     volume: 5
        +     volume: 11
            ),
            todos: […]
          )

        """
      ]
    )
  }

  @Test func collectionElementChange() {
    let lines = Lines()
    makeStore(lines).send(.toggle(id: 3))
    #expect(
      lines.all == [
        """
        received action:
          PrintChangesTests.Feature.Action.toggle(id: 3)
          PrintChangesTests.Feature.State(
            count: 0,
            settings: PrintChangesTests.Feature.Settings(…),
            todos: [
              … (2 unchanged),
              [2]: PrintChangesTests.Feature.Todo(
                id: 3,
                title: "Bread",
        -       isComplete: false
        +       isComplete: true
              ),
              [3]: PrintChangesTests.Feature.Todo(…)
            ]
          )

        """
      ]
    )
  }

  @Reducer
  struct Scores {
    @ObservableState
    struct State: Equatable {
      @Shared var points: Int
      var board: Board
    }

    struct Board: Equatable {
      @Shared var points: Int
    }

    enum Action: Equatable {
      case score
    }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.$points.withLock { $0 += 1 }
        return .none
      }
    }
  }

  /// A shared value is one reference in the states before and after the action: the diff
  /// still shows its value before and after (custom-dump prints a reference it met before as
  /// `↩︎`, as under TCA).
  @Test func sharedChange() {
    let lines = Lines()
    let points = Shared(value: 1)
    let store = Store<Scores>(
      initialState: Scores.State(points: points, board: Scores.Board(points: points)),
      reducer: Scores()._printChanges(.customDump(to: lines.append))
    )
    store.send(.score)
    #expect(
      lines.all == [
        """
        received action:
          PrintChangesTests.Scores.Action.score
          PrintChangesTests.Scores.State(
        -   _points: 1,
        +   _points: 2,
            board: PrintChangesTests.Scores.Board(
              _points: Int(↩︎)
            )
          )

        """
      ]
    )
  }

  @Test func noChange() {
    let lines = Lines()
    makeStore(lines).send(.noop)
    #expect(
      lines.all == [
        """
        received action:
          PrintChangesTests.Feature.Action.noop
          (No state changes)

        """
      ]
    )
  }

  @Test func nilPrinterPrintsNothing() {
    let store = Store<Feature>(
      initialState: Feature.State(), reducer: Feature()._printChanges(nil)
    )
    store.send(.setVolume(1))
    #expect(store.settings.volume == 1)
  }
}
