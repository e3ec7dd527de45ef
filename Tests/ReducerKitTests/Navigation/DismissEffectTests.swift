import ReducerKit
import Testing

/// `@Dependency(\.dismiss)` called from a presented child's and a stack element's effects, many
/// times over, while the child's other effects are cancelled by the dismissal: the shape that
/// crashed optimized builds when the dismissal was a closure-typed task local (issue 43). CI
/// runs this suite with the project's modules optimized (`make optimized-smoke`).
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DismissEffectTests {
  struct Failure: Error {}

  @Reducer
  struct Child {
    @ObservableState
    struct State: Equatable {
      var id: Int
    }

    enum Action: Equatable {
      case startWorking
      case closeButtonTapped
      case failThenClose
    }

    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .startWorking:
          // In flight until the dismissal cancels it; its own dismiss never runs.
          return .run { _ in
            try await Task.sleep(for: .seconds(3600))
            await dismiss()
          }
        case .closeButtonTapped:
          return .run { _ in await dismiss() }
        case .failThenClose:
          return .run { _ in
            throw Failure()
          } catch: { _, _ in
            await dismiss()
          }
        }
      }
    }
  }

  @Reducer
  struct Parent {
    @ObservableState
    struct State: Equatable {
      @Presents var child: Child.State?
      var path = StackState<Child.State>()
      var dismissals = 0
      var pops = 0
    }

    enum Action: Equatable {
      case child(PresentationAction<Child.Action>)
      case path(StackAction<Child.State, Child.Action>)
      case present(Int)
      case push(Int)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .child(.dismiss):
          state.dismissals += 1
          return .none
        case .child:
          return .none
        case .path(.popFrom):
          state.pops += 1
          return .none
        case .path:
          return .none
        case .present(let id):
          state.child = Child.State(id: id)
          return .none
        case .push(let id):
          state.path.append(Child.State(id: id))
          return .none
        }
      }
      .ifLet(\.$child, action: \.child) { Child() }
      .forEach(\.path, action: \.path) { Child() }
    }
  }

  static let rounds = 200

  @Test func aPresentedChildDismissesItselfManyTimes() async throws {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    for round in 1...Self.rounds {
      store.send(.present(round))
      let work = store.send(.child(.presented(.startWorking)))
      let close: Child.Action = round.isMultiple(of: 2) ? .closeButtonTapped : .failThenClose
      await store.send(.child(.presented(close))).finish()
      try #require(store.child == nil)
      // Returns at once only because the dismissal cancelled the hour-long effect.
      await work.finish()
    }
    #expect(store.dismissals == Self.rounds)
  }

  @Test func aStackElementPopsItselfManyTimes() async throws {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    for round in 1...Self.rounds {
      store.send(.push(round))
      let id = try #require(store.path.ids.last)
      let work = store.send(.path(.element(id: id, action: .startWorking)))
      let close: Child.Action = round.isMultiple(of: 2) ? .closeButtonTapped : .failThenClose
      await store.send(.path(.element(id: id, action: close))).finish()
      try #require(store.path.isEmpty)
      // Returns at once only because the dismissal cancelled the hour-long effect.
      await work.finish()
    }
    #expect(store.pops == Self.rounds)
  }
}
