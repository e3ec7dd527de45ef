import CasePaths
import Clocks
import IdentifiedCollections
import ReducerKit
import ReducerKitTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct ForEachReducerTests {
  enum CancelID { case timer }

  /// A row's optional editor, with an effect of its own.
  struct Editor: Reducer {
    struct State: Equatable { var ticks = 0 }

    @CasePathable
    enum Action: Equatable { case startTimer, timerFired }

    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.timerFired)
        }
      case .timerFired:
        state.ticks += 1
        return .none
      }
    }
  }

  struct Row: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var count = 0
      var editor: Editor.State?
    }

    @CasePathable
    enum Action: Equatable {
      case increment, startTimer, stopTimer, timerFired
      case openEditor, closeEditor
      case editor(Editor.Action)
    }

    let clock: any Clock<Duration>

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .startTimer:
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.timerFired)
          }
          .cancellable(id: CancelID.timer)
        case .stopTimer:
          return .cancel(id: CancelID.timer)
        case .timerFired:
          state.count += 100
          return .none
        case .openEditor:
          state.editor = Editor.State()
          return .none
        case .closeEditor:
          state.editor = nil
          return .none
        case .editor:
          return .none
        }
      }
      .ifLet(\.editor, action: \.editor) { Editor(clock: clock) }
    }
  }

  struct List: Reducer {
    @ObservableState
    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row.State> = []
      var log: [String] = []
    }

    @CasePathable
    enum Action: Equatable {
      case rows(IdentifiedActionOf<Row>)
      case add(Int)
      case remove(Int)
      /// Removes a row, if one is given, and inserts rows at the start, in one action.
      case replace(Int?, with: [Int])
    }

    let clock: any Clock<Duration>

    var core: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .rows(.element(id, rowAction)):
          state.log.append(
            "parent saw \(rowAction) for \(id) at \(state.rows[id: id]?.count ?? -1)")
        case let .add(id):
          state.rows.append(Row.State(id: id))
        case let .remove(id):
          state.rows.remove(id: id)
        case let .replace(id, ids):
          if let id { state.rows.remove(id: id) }
          for id in ids.reversed() { state.rows.insert(Row.State(id: id), at: 0) }
        }
        return .none
      }
    }

    /// The line the runtime warnings name: that of the operator's call.
    static let forEachLine: UInt = #line + 2
    var body: some ReducerOf<Self> {
      core.forEach(\.rows, action: \.rows) { Row(clock: clock) }
    }
  }

  func makeStore(clock: some Clock<Duration>, ids: [Int] = [1, 2]) -> StoreOf<List> {
    Store(
      initialState: List.State(
        rows: IdentifiedArray(uniqueElements: ids.map { Row.State(id: $0) })),
      reducer: List(clock: clock)
    )
  }

  @Test func elementRunsBeforeParent() {
    let store = makeStore(clock: ImmediateClock())
    store.send(.rows(.element(id: 2, action: .increment)))
    #expect(store.rows.map(\.count) == [0, 1])
    #expect(store.log == ["parent saw increment for 2 at 1"])
  }

  @Test func elementEffectsAreEmbeddedWithTheirID() async {
    let clock = CountingTestClock()
    let store = makeStore(clock: clock)
    let task = store.send(.rows(.element(id: 1, action: .startTimer)))
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.rows.map(\.count) == [100, 0])
    #expect(
      store.log == ["parent saw startTimer for 1 at 0", "parent saw timerFired for 1 at 100"])
  }

  @Test func elementEffectsAreCancelledWhenTheElementIsRemoved() async {
    let clock = CountingTestClock()
    let store = makeStore(clock: clock)
    let removed = store.send(.rows(.element(id: 1, action: .startTimer)))
    let kept = store.send(.rows(.element(id: 2, action: .startTimer)))
    await clock.waitForSleeps(2)
    store.send(.remove(1))
    store.send(.add(1))
    let (_, warnings) = await withRuntimeWarnings {
      await clock.advance(by: .seconds(1))
      await removed.finish()
      await kept.finish()
    }
    #expect(warnings.isEmpty)
    #expect(store.rows.map(\.id) == [2, 1])
    #expect(store.rows.map(\.count) == [100, 0])
  }

  /// Rows added before the others cancel nothing; a row removed while more are added has its
  /// effect cancelled, though the list grew.
  @Test(arguments: [
    Replacement(ids: [1, 2], timers: [1, 2], removing: nil, counts: [0, 0, 100, 100]),
    Replacement(ids: [1, 2, 5], timers: [2, 5], removing: 2, counts: [0, 0, 0, 100]),
  ])
  func effectsOfTheRowsThatStayKeepRunning(_ replacement: Replacement) async {
    let clock = CountingTestClock()
    let store = makeStore(clock: clock, ids: replacement.ids)
    let timers = replacement.timers.map { store.send(.rows(.element(id: $0, action: .startTimer))) }
    await clock.waitForSleeps(timers.count)
    store.send(.replace(replacement.removing, with: [3, 4]))
    await clock.advance(by: .seconds(1))
    for timer in timers { await timer.finish() }
    #expect(store.rows.map(\.id) == [3, 4] + replacement.ids.filter { $0 != replacement.removing })
    #expect(store.rows.map(\.count) == replacement.counts)
  }

  /// Rows `ids`, timers started in rows `timers`, then `removing` removed and rows 3 and 4
  /// inserted first, in one action; `counts` are the rows' counts a second later.
  struct Replacement: Sendable, CustomTestStringConvertible {
    var ids: [Int]
    var timers: [Int]
    var removing: Int?
    var counts: [Int]
    var testDescription: String { "rows \(ids), removing \(removing.map(String.init) ?? "none")" }
  }

  @Test func cancelIDsAreScopedToTheirElement() async {
    let clock = CountingTestClock()
    let store = makeStore(clock: clock)
    let first = store.send(.rows(.element(id: 1, action: .startTimer)))
    let second = store.send(.rows(.element(id: 2, action: .startTimer)))
    await clock.waitForSleeps(2)
    store.send(.rows(.element(id: 1, action: .stopTimer)))
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(store.rows.map(\.count) == [0, 100])
  }

  @Test func actionForAMissingElementIsIgnoredWithAWarning() async {
    let store = makeStore(clock: ImmediateClock())
    let (_, warnings) = await withRuntimeWarnings {
      store.send(.rows(.element(id: 7, action: .increment)))
    }
    #expect(store.rows.map(\.count) == [0, 0])
    #expect(
      warnings == [
        """
        A "forEach" at "ReducerKitTests/ForEachReducerTests.swift:\(List.forEachLine)" \
        received an action for a missing element: id 7, \
        ForEachReducerTests.List.Action.rows(.element(id: 7, action: .increment)). Send \
        element actions only for ids still in the collection, and cancel element effects when \
        an element is removed.
        """
      ]
    )
  }

  @Test func childEffectsInsideAnElementAreScopedToIt() async {
    let clock = CountingTestClock()
    let store = makeStore(clock: clock)
    for id in [1, 2] {
      store.send(.rows(.element(id: id, action: .openEditor)))
    }
    let first = store.send(.rows(.element(id: 1, action: .editor(.startTimer))))
    let second = store.send(.rows(.element(id: 2, action: .editor(.startTimer))))
    await clock.waitForSleeps(2)
    store.send(.rows(.element(id: 1, action: .closeEditor)))
    await clock.advance(by: .seconds(1))
    await first.finish()
    await second.finish()
    #expect(store.rows[id: 1]?.editor == nil)
    #expect(store.rows[id: 2]?.editor == Editor.State(ticks: 1))
  }

  /// Middleware that keeps the leaf descriptions of every effect, as the recorder does.
  struct Leaves<Base: Reducer>: Reducer {
    final class Ignored: EffectObserver {
      func effectDidStart() {}
      func effectDidComplete(_ completion: EffectCompletion) {}
    }

    let base: Base
    let leaves = Locked<[EffectLeaf]>([])

    func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
      base.reduce(into: &state, action: action).observingEach { leaf in
        leaves.withLock { $0.append(leaf) }
        return Ignored()
      }
    }
  }

  @Test func elementCancelIDsDescribeTheirElement() async {
    let leaves = Leaves(base: List(clock: ImmediateClock()))
    let store = Store<List>(
      initialState: List.State(rows: [Row.State(id: 1)]), reducer: leaves
    )
    await store.send(.rows(.element(id: 1, action: .startTimer))).finish()
    let site = "ReducerKitTests/ForEachReducerTests.swift:\(List.forEachLine)"
    #expect(
      leaves.leaves.value.map { $0.cancelIDs.map(\.description) } == [
        ["timer (in forEach at \(site) [id: 1])", "forEach at \(site) [id: 1]"]
      ]
    )
  }
}
