import ConcurrencyExtras
import Foundation
import ReducerKit
import Testing

/// `@Reducer` keeps the body a struct built on its first action; a reducer written without it
/// builds its body on every action, as TCA's do.
@MainActor
@Suite struct ReducerBodyCacheTests {
  /// Counts how often its body is built, and stamps each action with a child's `uuid()`.
  @Reducer
  struct Stamped {
    @ObservableState
    struct State: Equatable {
      var stamps: [UUID] = []
      var count = 0
    }

    enum Action: Equatable {
      case stamp
      case twice
      case count
    }

    let builds: LockIsolated<Int>

    var body: some ReducerOf<Self> {
      let _ = builds.withValue { $0 += 1 }
      Stamper()
      Reduce { state, action in
        switch action {
        case .stamp, .count:
          state.count += 1
          return .none
        case .twice:
          // A reducer may run itself again from its own body.
          _ = self.reduce(into: &state, action: .count)
          return self.reduce(into: &state, action: .count)
        }
      }
    }
  }

  /// A child built inside ``Stamped``'s body, reading `uuid` when it runs.
  @Reducer
  struct Stamper {
    typealias State = Stamped.State
    typealias Action = Stamped.Action

    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if action == .stamp { state.stamps.append(uuid()) }
        return .none
      }
    }
  }

  /// The same body without `@Reducer`.
  struct Unmarked: Reducer {
    typealias State = Stamped.State
    typealias Action = Stamped.Action

    let builds: LockIsolated<Int>

    var body: some ReducerOf<Self> {
      let _ = builds.withValue { $0 += 1 }
      Reduce { state, _ in
        state.count += 1
        return .none
      }
    }
  }

  @Test func aReducerMacroStructBuildsItsBodyOnce() {
    let builds = LockIsolated(0)
    let store = Store(initialState: Stamped.State(), reducer: Stamped(builds: builds))
    for _ in 0..<5 { store.send(.count) }
    #expect(store.count == 5)
    #expect(builds.value == 1)
  }

  @Test func aReducerWithoutTheMacroBuildsItsBodyOnEveryAction() {
    let builds = LockIsolated(0)
    let store = Store(initialState: Unmarked.State(), reducer: Unmarked(builds: builds))
    for _ in 0..<5 { store.send(.count) }
    #expect(store.count == 5)
    #expect(builds.value == 5)
  }

  @Test func aCachedChildReadsTheDependenciesOfTheStoreThatRunsIt() {
    let feature = Stamped(builds: LockIsolated(0))
    let first = Store(initialState: Stamped.State(), reducer: feature) {
      $0.uuid = .incrementing
    }
    let second = Store(initialState: Stamped.State(), reducer: feature) {
      $0.uuid = .constant(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!)
    }
    first.send(.stamp)
    second.send(.stamp)
    first.send(.stamp)
    #expect(feature.builds.value == 1)
    #expect(
      first.stamps == [
        UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
        UUID(uuidString: "00000000-0000-0000-0000-000000000001")!,
      ]
    )
    #expect(second.stamps == [UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!])
  }

  @Test func aCachedBodyMayRunItsReducerAgain() {
    let store = Store(initialState: Stamped.State(), reducer: Stamped(builds: LockIsolated(0)))
    store.send(.twice)
    store.send(.twice)
    #expect(store.count == 4)
  }

  @Test func aCachedBodyIsFreedWithItsStore() {
    weak var builds: LockIsolated<Int>?
    do {
      let counter = LockIsolated(0)
      builds = counter
      let store = Store(initialState: Stamped.State(), reducer: Stamped(builds: counter))
      store.send(.count)
      store.send(.twice)
      #expect(store.count == 3)
    }
    // The body's closures keep the reducer that built it; were that the cached one, the cache
    // would keep itself, and the counter with it.
    #expect(builds == nil)
  }

  /// A tree of rows whose rows are the same feature, built lazily at each level.
  @Reducer
  struct Nested {
    @ObservableState
    struct State: Equatable, Identifiable {
      let id: Int
      var rows: IdentifiedArrayOf<State> = []
      var taps = 0
    }

    @CasePathable
    indirect enum Action: Equatable {
      case addRow(id: Int)
      case rows(IdentifiedActionOf<Nested>)
      case tap
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addRow(let id):
          state.rows.append(State(id: id))
        case .rows:
          break
        case .tap:
          state.taps += 1
        }
        return .none
      }
      .forEach(\.rows, action: \.rows) { Self() }
    }
  }

  @Test func aRecursiveReducerBuildsEachLevelWhenItFirstRuns() {
    let store = Store(initialState: Nested.State(id: 0), reducer: Nested())
    store.send(.addRow(id: 1))
    store.send(.rows(.element(id: 1, action: .addRow(id: 2))))
    store.send(.rows(.element(id: 1, action: .rows(.element(id: 2, action: .tap)))))
    store.send(.rows(.element(id: 1, action: .rows(.element(id: 2, action: .tap)))))
    #expect(store.rows[id: 1]?.rows[id: 2]?.taps == 2)
  }
}
