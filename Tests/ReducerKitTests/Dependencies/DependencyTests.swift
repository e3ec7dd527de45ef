import Foundation
import ReducerKit
import ReducerKitTestSupport
import ReducerKitTesting
import Testing

/// `@Dependency` in reducers, as TCA has it: the store's `withDependencies`, effects that keep
/// the dependencies of the reducer that returned them, and the reducer modifiers.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DependencyTests {
  /// Adds a row with an id, a date and a random number; `.load` reads the id in an effect.
  struct Rows: Reducer {
    @ObservableState
    struct State: Equatable {
      var ids: [UUID] = []
      var dates: [Date] = []
      var rolls: [Int] = []
      var loaded: [UUID] = []
    }

    @CasePathable
    enum Action: Equatable {
      case add
      case load
      case loaded(UUID)
    }

    @Dependency(\.uuid) var uuid
    @Dependency(\.date.now) var now
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add:
        state.ids.append(uuid())
        state.dates.append(now)
        state.rolls.append(withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) })
        return .none
      case .load:
        return .run { send in
          @Dependency(\.uuid) var uuid
          await send(.loaded(uuid()))
        }
      case let .loaded(id):
        state.loaded.append(id)
        return .none
      }
    }
  }

  static let start = Date(timeIntervalSinceReferenceDate: 1_000)

  @Test func aStoreRunsItsReducerWithItsDependencies() {
    let store = Store(initialState: Rows.State(), reducer: Rows()) {
      $0.uuid = .incrementing
      $0.date = .constant(Self.start)
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(FirstChoiceGenerator())
    }
    store.send(.add)
    store.send(.add)
    #expect(store.ids == [UUID(0), UUID(1)])
    #expect(store.dates == [Self.start, Self.start])
    #expect(store.rolls == [1, 1])
  }

  @Test func aStoreMadeInsideWithDependenciesKeepsThem() {
    let store = withDependencies {
      $0.uuid = .constant(UUID(7))
      $0.date = .constant(Self.start)
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(FirstChoiceGenerator())
    } operation: {
      Store(initialState: Rows.State(), reducer: Rows())
    }
    store.send(.add)
    #expect(store.ids == [UUID(7)])
  }

  @Test func anEffectRunsWithTheDependenciesOfTheReducerThatReturnedIt() async {
    let store = Store(
      initialState: Rows.State(), reducer: Rows().dependency(\.uuid, .constant(UUID(42)))
    )
    await store.send(.load).finish()
    #expect(store.loaded == [UUID(42)])
  }

  @Test func theInnerDependencyModifierWins() {
    let store = Store(
      initialState: Rows.State(),
      reducer: Rows()
        .dependency(\.uuid, .constant(UUID(1)))
        .dependency(\.uuid, .constant(UUID(2)))
        .dependency(\.date, .constant(Self.start))
        .dependency(\.withRandomNumberGenerator, .init(FirstChoiceGenerator()))
    )
    store.send(.add)
    #expect(store.ids == [UUID(1)])
  }

  @Test func transformDependencyStartsFromTheCurrentValue() {
    let store = Store(
      initialState: Rows.State(),
      reducer: Rows()
        .transformDependency(\.date) { date in
          let base = date.now
          date = .constant(base.addingTimeInterval(60))
        }
        .dependency(\.uuid, .incrementing)
        .dependency(\.withRandomNumberGenerator, .init(FirstChoiceGenerator()))
    ) {
      $0.date = .constant(Self.start)
    }
    store.send(.add)
    #expect(store.dates == [Self.start.addingTimeInterval(60)])
  }

  @Test func aTestStoreTakesDependencies() async {
    let store = TestStore(initialState: Rows.State()) {
      Rows()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date = .constant(Self.start)
      $0.withRandomNumberGenerator = WithRandomNumberGenerator(FirstChoiceGenerator())
    }
    await store.send(.add) {
      $0.ids = [UUID(0)]
      $0.dates = [Self.start]
      $0.rolls = [1]
    }
    await store.send(.load)
    await store.receive(.loaded(UUID(1))) {
      $0.loaded = [UUID(1)]
    }
  }

  /// A client with a live value and no test value.
  struct Greeter: DependencyKey {
    var greet: @Sendable () -> String
    static let liveValue = Greeter { "hello" }
  }

  struct Greeting: Reducer {
    @ObservableState
    struct State: Equatable { var text = "" }
    enum Action: Equatable { case greet }
    @Dependency(Greeter.self) var greeter

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.text = greeter.greet()
      return .none
    }
  }

  // swift-dependencies reports a missing test value in DEBUG builds only (its `testValue`
  // default is `#if DEBUG`): a release build of the tests has nothing to expect here.
  #if DEBUG
    @Test func aDependencyWithoutATestValueFailsTheTest() async {
      let store = TestStore(initialState: Greeting.State(), reducer: Greeting())
      await withKnownIssue {
        await store.send(.greet) { $0.text = "hello" }
      } matching: { issue in
        issue.description.contains("has no test implementation")
      }
    }
  #endif

  @Test func aDependencyWithATestValueSetPassesTheTest() async {
    let store = TestStore(initialState: Greeting.State(), reducer: Greeting()) {
      $0[Greeter.self] = Greeter { "hi" }
    }
    await store.send(.greet) { $0.text = "hi" }
  }

  struct Parent: Reducer {
    @ObservableState
    struct State: Equatable { var child: Rows.State? }
    @CasePathable
    enum Action: Equatable { case child(Rows.Action) }
    var body: some ReducerOf<Self> {
      EmptyReducer<State, Action>().ifLet(\.child, action: \.child) { Rows() }
    }
  }

  /// Misuse is an issue: inside a test it fails the test, as in TCA.
  @Test func anActionForAMissingChildFailsTheTest() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    withKnownIssue {
      store.send(.child(.add))
    } matching: { issue in
      issue.description.contains("received a child action when child state was \"nil\"")
    }
  }
}
