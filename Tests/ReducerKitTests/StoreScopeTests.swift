import CasePaths
import IdentifiedCollections
import Observation
import ReducerKit
import Testing

@MainActor
@Suite struct StoreScopeTests {
  struct Row: Reducer {
    @ObservableState
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
    }

    @CasePathable
    enum Action: Equatable { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct Parent: Reducer {
    @ObservableState
    struct State: Equatable {
      var child = Row.State(id: 0)
      var detail: Row.State?
      var rows: IdentifiedArrayOf<Row.State> = []
      var title = ""
    }

    @CasePathable
    enum Action: Equatable {
      case child(Row.Action)
      case detail(Row.Action)
      case rows(IdentifiedActionOf<Row>)
      case showDetail
      case hideDetail
      case addRow(Int)
      case removeRow(Int)
      case setTitle(String)
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: \.child) { Row() }
      Reduce { state, action in
        switch action {
        case .child, .detail, .rows:
          return .none
        case .showDetail:
          state.detail = Row.State(id: 99)
        case .hideDetail:
          state.detail = nil
        case let .addRow(id):
          state.rows.append(Row.State(id: id))
        case let .removeRow(id):
          state.rows.remove(id: id)
        case let .setTitle(title):
          state.title = title
        }
        return .none
      }
      .ifLet(\.detail, action: \.detail) { Row() }
      .forEach(\.rows, action: \.rows) { Row() }
    }
  }

  func scopeChild(of store: StoreOf<Parent>) -> StoreOf<Row> {
    store.scope(state: \.child, action: \.child)
  }

  func scopeDetail(of store: StoreOf<Parent>) -> StoreOf<Row>? {
    store.scope(state: \.detail, action: \.detail)
  }

  func scopeRows(of store: StoreOf<Parent>) -> [StoreOf<Row>] {
    store.scope(state: \.rows, action: \.rows)
  }

  @Test func childStoreSendsToTheParent() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    let child = scopeChild(of: store)
    #expect(child.count == 0)
    child.send(.increment)
    #expect(child.count == 1)
    #expect(store.child.count == 1)
    #expect(scopeChild(of: store) === child)
  }

  @Test func childStoreFollowsParentChanges() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    let child = scopeChild(of: store)
    store.send(.child(.increment))
    #expect(child.state == Row.State(id: 0, count: 1))
  }

  @Test func childStoreObservesItsOwnProperties() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    let child = scopeChild(of: store)
    let flag = Flag()
    withObservationTracking({ _ = child.count }, onChange: flag.set)
    store.send(.setTitle("unrelated"))
    #expect(!flag.isSet)
    store.send(.child(.increment))
    #expect(flag.isSet)
  }

  @Test func optionalChildStoreIsNilWhileTheStateIsNil() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    #expect(scopeDetail(of: store) == nil)
    store.send(.showDetail)
    let detail = scopeDetail(of: store)
    #expect(detail?.id == 99)
    detail?.send(.increment)
    #expect(store.detail?.count == 1)
    #expect(scopeDetail(of: store) === detail)
  }

  @Test func optionalChildStoreWarnsOnSendOnceItsStateIsGone() async throws {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.showDetail)
    let detail = try #require(scopeDetail(of: store))
    store.send(.hideDetail)
    #expect(scopeDetail(of: store) == nil)
    let (_, warnings) = await withRuntimeWarnings {
      detail.send(.increment)
    }
    #expect(
      warnings == [
        """
        An action was sent to a store whose state no longer exists: \
        StoreScopeTests.Row.Action.increment. Stop sending actions to a scoped store once its \
        optional or element state is gone.
        """
      ]
    )
    #expect(store.detail == nil)
    #expect(detail.state == Row.State(id: 99))
  }

  @Test func optionalChildStoreIsNewWhenTheStateComesBack() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.showDetail)
    let first = scopeDetail(of: store)
    store.send(.hideDetail)
    store.send(.showDetail)
    let second = scopeDetail(of: store)
    #expect(second != nil)
    #expect(second !== first)
  }

  @Test func elementStoresOnePerElementWithStableIdentity() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.addRow(1))
    store.send(.addRow(2))
    store.send(.addRow(3))
    let rows = scopeRows(of: store)
    #expect(rows.map(\.id) == [1, 2, 3])

    store.send(.removeRow(2))
    let after = scopeRows(of: store)
    #expect(after.map(\.id) == [1, 3])
    #expect(after[0] === rows[0])
    #expect(after[1] === rows[2])

    rows[2].send(.increment)
    #expect(store.rows[id: 3]?.count == 1)
    #expect(rows[2].count == 1)
    #expect(rows[0].count == 0)
  }

  @Test func removedElementStoreWarnsOnSend() async {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    store.send(.addRow(1))
    let row = scopeRows(of: store)[0]
    store.send(.removeRow(1))
    let (_, warnings) = await withRuntimeWarnings { row.send(.increment) }
    #expect(warnings.count == 1)
    #expect(store.rows.isEmpty)
  }

  @Test func elementStoresObserveTheCollection() {
    let store = Store(initialState: Parent.State(), reducer: Parent())
    let flag = Flag()
    withObservationTracking(
      { _ = scopeRows(of: store) }, onChange: flag.set
    )
    store.send(.setTitle("unrelated"))
    #expect(!flag.isSet)
    store.send(.addRow(1))
    #expect(flag.isSet)
  }
}
