import CasePaths
import ReducerKit
import Testing

@Suite struct ReducerTests {
  /// A reducer that implements `reduce(into:action:)`.
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }
    enum Action { case increment, decrement }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .none
    }
  }

  /// A reducer that implements `body`, using every builder construct.
  struct Logger: Reducer {
    struct State: Equatable { var log: [String] = [] }
    enum Action { case tap }

    var verbose = false
    var extra = false
    var repeats = 0

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.log.append("first")
        return .none
      }
      if verbose {
        Reduce { state, _ in
          state.log.append("verbose")
          return .none
        }
      } else {
        Reduce { state, _ in
          state.log.append("quiet")
          return .none
        }
      }
      if extra {
        Reduce { state, _ in
          state.log.append("extra")
          return .none
        }
      }
      for index in 0..<repeats {
        Reduce { state, _ in
          state.log.append("repeat \(index)")
          return .none
        }
      }
      Reduce { state, _ in
        state.log.append("last")
        return .none
      }
    }
  }

  @Test func reduceIntoAction() {
    var state = Counter.State()
    _ = Counter().reduce(into: &state, action: .increment)
    _ = Counter().reduce(into: &state, action: .increment)
    _ = Counter().reduce(into: &state, action: .decrement)
    #expect(state == Counter.State(count: 1))
  }

  @Test func bodyRunsReducersInOrder() {
    var state = Logger.State()
    _ = Logger().reduce(into: &state, action: .tap)
    #expect(state.log == ["first", "quiet", "last"])
  }

  @Test func bodyIfElseTakesTheFirstBranch() {
    var state = Logger.State()
    _ = Logger(verbose: true).reduce(into: &state, action: .tap)
    #expect(state.log == ["first", "verbose", "last"])
  }

  @Test func bodyOptionalRunsOnlyWhenPresent() {
    var state = Logger.State()
    _ = Logger(extra: true).reduce(into: &state, action: .tap)
    #expect(state.log == ["first", "quiet", "extra", "last"])
  }

  @Test func bodyForLoopRunsEachReducerInOrder() {
    var state = Logger.State()
    _ = Logger(verbose: true, extra: true, repeats: 3).reduce(into: &state, action: .tap)
    #expect(
      state.log == ["first", "verbose", "extra", "repeat 0", "repeat 1", "repeat 2", "last"]
    )
  }

  @Test func reduceFromClosure() {
    let reducer = Reduce<Counter.State, Counter.Action> { state, action in
      state.count += action == .increment ? 10 : -10
      return .none
    }
    var state = Counter.State()
    _ = reducer.reduce(into: &state, action: .increment)
    #expect(state.count == 10)
  }

  @Test func reduceErasesAnotherReducer() {
    let erased: Reduce<Counter.State, Counter.Action> = Reduce(Counter())
    var state = Counter.State(count: 5)
    _ = erased.reduce(into: &state, action: .decrement)
    #expect(state.count == 4)
  }

  @Test func combineReducersRunsChildrenInOrder() {
    let reducer = CombineReducers<Logger.State, Logger.Action, _> {
      Reduce { state, _ in
        state.log.append("one")
        return .none
      }
      Logger(repeats: 1)
      Reduce { state, _ in
        state.log.append("two")
        return .none
      }
    }
    var state = Logger.State()
    _ = reducer.reduce(into: &state, action: .tap)
    #expect(state.log == ["one", "first", "quiet", "repeat 0", "last", "two"])
  }

  @Test func emptyBuilderChangesNothing() {
    let reducer = CombineReducers<Logger.State, Logger.Action, _> {}
    var state = Logger.State(log: ["kept"])
    _ = reducer.reduce(into: &state, action: .tap)
    #expect(state.log == ["kept"])
  }

  @MainActor @Test func bodyEffectsAreMergedAndRunByTheStore() async {
    let store = Store<EffectsInBody>(initialState: EffectsInBody.State(), reducer: EffectsInBody())
    await store.send(.start).finish()
    #expect(store.log.sorted() == ["a", "b", "start 1", "start 2"])
  }

  /// A body whose two reducers both return effects.
  struct EffectsInBody: Reducer {
    @ObservableState
    struct State: Equatable { var log: [String] = [] }
    enum Action: Equatable {
      case start
      case emitted(String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        guard action == .start else { return .none }
        state.log.append("start 1")
        return .run { send in await send(.emitted("a")) }
      }
      Reduce { state, action in
        switch action {
        case .start:
          state.log.append("start 2")
          return .run { send in await send(.emitted("b")) }
        case let .emitted(value):
          state.log.append(value)
          return .none
        }
      }
    }
  }
}
