import CasePaths
import ReducerKit
import Testing

@MainActor
@Suite struct ScopeTests {
  struct Counter: Reducer {
    struct State: Equatable { var count = 0 }

    @CasePathable
    enum Action: Equatable { case increment, incrementLater, incremented }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .run { send in await send(.incremented) }
      case .incremented:
        state.count += 100
        return .none
      }
    }
  }

  struct Parent: Reducer {
    @ObservableState
    struct State: Equatable {
      var counter = Counter.State()
      var log: [String] = []
    }

    @CasePathable
    enum Action: Equatable {
      case counter(Counter.Action)
      case other
    }

    var body: some ReducerOf<Self> {
      Scope(\.counter, action: \.counter) { Counter() }
      Reduce { state, action in
        switch action {
        case .counter(let action):
          state.log.append("parent saw \(action) at count \(state.counter.count)")
        case .other:
          state.log.append("other")
        }
        return .none
      }
    }
  }

  @Test func childRunsBeforeParent() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.counter(.increment))
    #expect(store.counter.count == 1)
    #expect(store.log == ["parent saw increment at count 1"])
  }

  @Test func otherActionsDoNotReachTheChild() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.other)
    #expect(store.state == Parent.State(counter: Counter.State(count: 0), log: ["other"]))
  }

  @Test func childEffectsAreEmbeddedInParentActions() async {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    await store.send(.counter(.incrementLater)).finish()
    #expect(store.counter.count == 100)
    #expect(
      store.log == [
        "parent saw incrementLater at count 0",
        "parent saw incremented at count 100",
      ]
    )
  }

  // MARK: - A case of an enum state

  @CasePathable
  enum Mode: Equatable {
    case counting(Counter.State)
    case idle
  }

  @CasePathable
  enum ModeAction: Equatable {
    case counting(Counter.Action)
    case stop
  }

  static let caseScopeLine: UInt = #line + 3
  var modeReducer: some Reducer<Mode, ModeAction> {
    CombineReducers {
      Scope(state: \.counting, action: \.counting) { Counter() }
      Reduce { state, action in
        if action == .stop { state = .idle }
        return .none
      }
    }
  }

  @Test func caseScopeRunsTheChildInTheCase() {
    var state = Mode.counting(Counter.State())
    _ = modeReducer.reduce(into: &state, action: .counting(.increment))
    #expect(state == .counting(Counter.State(count: 1)))
  }

  @Test func caseScopeWarnsInAnotherCase() async {
    var state = Mode.idle
    let (_, warnings) = await withRuntimeWarnings {
      _ = modeReducer.reduce(into: &state, action: .counting(.increment))
    }
    #expect(state == .idle)
    #expect(
      warnings == [
        """
        A "Scope" at "ReducerKitTests/ScopeTests.swift:\(Self.caseScopeLine)" received a \
        child action while the parent state was in another case: \
        ScopeTests.ModeAction.counting(.increment). Send child actions only while the state \
        is in that case.
        """
      ]
    )
  }

  @Test func scopesWithTheStateLabel() {
    var state = Parent.State()
    let labeled = Scope<Parent.State, Parent.Action, Counter>(
      state: \.counter, action: \.counter
    ) {
      Counter()
    }
    _ = labeled.reduce(into: &state, action: .counter(.increment))
    #expect(state.counter == Counter.State(count: 1))
  }

  // MARK: - A case of an enum state with dynamic member lookup

  /// As the state of a TCA `@Reducer enum`: `\.counting` is both a case key path and a
  /// writable key path (through swift-case-paths' dynamic member subscripts) to the payload.
  @CasePathable
  @dynamicMemberLookup
  enum Screen: Equatable {
    case counting(Counter.State)
    case idle
  }

  static let screenScopeLine: UInt = #line + 3
  var screenReducer: some Reducer<Screen, ModeAction> {
    CombineReducers {
      Scope(state: \.counting, action: \.counting) { Counter() }
    }
  }

  @Test func caseScopeOfADynamicMemberEnumWarnsInAnotherCase() async {
    var state = Screen.counting(Counter.State())
    _ = screenReducer.reduce(into: &state, action: .counting(.increment))
    #expect(state == .counting(Counter.State(count: 1)))

    state = .idle
    let (_, warnings) = await withRuntimeWarnings {
      _ = screenReducer.reduce(into: &state, action: .counting(.increment))
    }
    #expect(state == .idle)
    #expect(
      warnings == [
        """
        A "Scope" at "ReducerKitTests/ScopeTests.swift:\(Self.screenScopeLine)" received a \
        child action while the parent state was in another case: \
        ScopeTests.ModeAction.counting(.increment). Send child actions only while the state \
        is in that case.
        """
      ]
    )
  }
}
