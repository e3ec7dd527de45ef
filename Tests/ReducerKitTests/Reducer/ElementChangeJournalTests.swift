import CasePaths
import IdentifiedCollections
import ReducerKit
import Testing

/// `forEach` notes the elements it runs, and the journal answers only what those notes prove.
@Suite struct ElementChangeJournalTests {
  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
    }

    enum Action: Equatable { case increment, nothing }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if action == .increment { state.count += 1 }
      return .none
    }
  }

  struct List: Reducer {
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State>
      var other = 0
    }

    @CasePathable
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Row>)
      case other
    }

    /// What runs before `forEach` (which runs the element, then `parent`).
    var before: @Sendable (inout State, Action) -> Void = { _, _ in }
    /// The parent reducer's own work, after the element's.
    var parent: @Sendable (inout State, Action) -> Void = { _, _ in }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        before(&state, action)
        return .none
      }
      Reduce { state, action in
        parent(&state, action)
        return .none
      }
      .forEach(\.rows, action: \.rows) { Row() }
    }
  }

  let initial = List.State(rows: IdentifiedArray(uniqueElements: (1...4).map { Row.State(id: $0) }))

  /// Reduces `action` under a journal and returns what the journal says about `rows`, and the
  /// new state. `initial` stays alive meanwhile, as the journal requires of the old state.
  func changedIDs(_ list: List, _ action: List.Action) -> (ids: [Int]?, state: List.State) {
    var state = initial
    let journal = ElementChangeJournal()
    _ = ElementChangeJournal.withCurrent(journal) {
      list.reduce(into: &state, action: action)
    }
    return (journal.changedIDs(from: initial.rows, to: state.rows), state)
  }

  @Test func theElementRunIsTheOnlyChange() {
    let (ids, state) = changedIDs(List(), .rows(.element(id: 3, action: .increment)))
    #expect(ids == [3])
    #expect(state.rows.map(\.count) == [0, 0, 1, 0])
  }

  @Test func theChangedRowIsNamedByItsPositionToo() {
    var state = initial
    let journal = ElementChangeJournal()
    _ = ElementChangeJournal.withCurrent(journal) {
      List().reduce(into: &state, action: .rows(.element(id: 3, action: .increment)))
    }
    #expect(journal.changedIndices(from: initial.rows, to: state.rows) == [2])
    #expect(journal.changedIndices(from: initial.rows, to: initial.rows) == [])
  }

  /// Two `forEach`es over one collection run the row twice: two notes in a chain, one row.
  struct TwiceList: Reducer {
    var body: some ReducerOf<List> {
      EmptyReducer()
        .forEach(\.rows, action: \.rows) { Row() }
        .forEach(\.rows, action: \.rows) { Row() }
    }
  }

  @Test func aRowRunTwiceIsNamedOnce() {
    var state = initial
    let journal = ElementChangeJournal()
    _ = ElementChangeJournal.withCurrent(journal) {
      TwiceList().reduce(into: &state, action: .rows(.element(id: 4, action: .increment)))
    }
    #expect(state.rows.map(\.count) == [0, 0, 0, 2])
    #expect(journal.changedIndices(from: initial.rows, to: state.rows) == [3])
    #expect(journal.changedIDs(from: initial.rows, to: state.rows) == [4])
  }

  @Test func anElementRunThatChangesNothingIsStillNamed() {
    #expect(changedIDs(List(), .rows(.element(id: 2, action: .nothing))).ids == [2])
  }

  @Test func anUntouchedCollectionHasNoChangedIDs() {
    var list = List()
    list.parent = { state, _ in state.other += 1 }
    #expect(changedIDs(list, .other).ids == [])
  }

  @Test func aParentChangingAnotherRowInPlaceIsNotVouchedFor() {
    var list = List()
    list.parent = { state, action in
      if case .rows = action { state.rows[id: 1]!.count += 10 }
    }
    let (ids, state) = changedIDs(list, .rows(.element(id: 3, action: .increment)))
    #expect(ids == nil)
    #expect(state.rows.map(\.count) == [10, 0, 1, 0])
  }

  @Test func aParentChangingTheSameRowIsNotVouchedFor() {
    var list = List()
    list.parent = { state, action in
      if case .rows = action { state.rows[id: 3]!.count += 10 }
    }
    #expect(changedIDs(list, .rows(.element(id: 3, action: .increment))).ids == nil)
  }

  @Test func aParentAddingOrRemovingRowsIsNotVouchedFor() {
    var adding = List()
    adding.parent = { state, _ in state.rows.append(Row.State(id: 9)) }
    #expect(changedIDs(adding, .rows(.element(id: 3, action: .increment))).ids == nil)

    var removing = List()
    removing.parent = { state, _ in state.rows.remove(id: 1) }
    #expect(changedIDs(removing, .rows(.element(id: 3, action: .increment))).ids == nil)
  }

  /// The proof compares only the elements' buffer: a move changes the ids' order, and must
  /// write to the elements too.
  @Test func aParentMovingRowsIsNotVouchedFor() {
    var swapping = List()
    swapping.parent = { state, _ in state.rows.swapAt(0, 1) }
    let (ids, state) = changedIDs(swapping, .rows(.element(id: 3, action: .increment)))
    #expect(ids == nil)
    #expect(state.rows.ids == [2, 1, 3, 4])

    var sorting = List()
    sorting.parent = { state, _ in state.rows.sort { $0.id > $1.id } }
    #expect(changedIDs(sorting, .rows(.element(id: 3, action: .increment))).ids == nil)
  }

  @Test func aChangeBeforeTheElementRunIsNotVouchedFor() {
    var list = List()
    list.before = { state, _ in state.rows[id: 2]!.count += 5 }
    let (ids, state) = changedIDs(list, .rows(.element(id: 3, action: .increment)))
    #expect(ids == nil)
    #expect(state.rows.map(\.count) == [0, 5, 1, 0])
  }

  @Test func aChangeThatIsUndoneLeavesNoChain() {
    // Replacing the collection with an equal copy of the old one breaks the chain of storage,
    // so the journal does not answer; the caller compares and finds them equal.
    var list = List()
    list.parent = { state, _ in state.rows[id: 3]!.count -= 1 }
    let (ids, state) = changedIDs(list, .rows(.element(id: 3, action: .increment)))
    #expect(ids == nil)
    #expect(state.rows == initial.rows)
  }

  @Test func aJournalIsBoundOnlyInsideWithCurrentAndBindingsNest() {
    let outer = ElementChangeJournal()
    let inner = ElementChangeJournal()
    #expect(ElementChangeJournal.current == nil)
    ElementChangeJournal.withCurrent(outer) {
      #expect(ElementChangeJournal.current === outer)
      ElementChangeJournal.withCurrent(inner) {
        #expect(ElementChangeJournal.current === inner)
      }
      #expect(ElementChangeJournal.current === outer)
    }
    #expect(ElementChangeJournal.current == nil)
  }
}
