import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// A shared value changed by an action is in that action's patch at every place the state
/// holds it, with the value it had before: the state before an action holds the same reference
/// as the state after it, so a plain diff of the two would see nothing.
@MainActor
@Suite struct SharedRecordingTests {
  @ObservableState
  struct Row: Equatable, Codable, Identifiable, Sendable {
    var id: Int
    var title: String
    var isDone = false
  }

  @Reducer
  struct Board {
    @ObservableState
    struct State: Equatable, Codable {
      @Shared var rows: IdentifiedArrayOf<Row>
      var detail: Detail?
      var taps = 0
    }

    struct Detail: Equatable, Codable {
      @Shared var row: Row
      @Shared var allRows: IdentifiedArrayOf<Row>
    }

    enum Action: Equatable, Codable {
      case add(Int, String)
      case open(Int)
      case rename(String)
      case toggleInList(Int)
      case close
      case tap
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .add(id, title):
          state.$rows.withLock { _ = $0.append(Row(id: id, title: title)) }
        case let .open(id):
          guard let row = Shared(state.$rows[id: id]) else { return .none }
          state.detail = Detail(row: row, allRows: state.$rows)
        case let .rename(title):
          state.detail?.$row.withLock { $0.title = title }
        case let .toggleInList(id):
          state.$rows.withLock { $0[id: id]?.isDone.toggle() }
        case .close:
          state.detail = nil
        case .tap:
          state.taps += 1
        }
        return .none
      }
    }
  }

  static let actions: [Board.Action] = [
    .add(1, "One"), .add(2, "Two"), .tap, .open(2), .rename("Deux"), .toggleInList(2),
    .toggleInList(1), .close, .rename("Ignored"), .open(1), .rename("Un"), .tap,
  ]

  @Test func patchesRebuildEveryStateForwardsAndBackwards() throws {
    let capture = StateCapture()
    let log = try ActionLog.inMemory()
    let store = Store<Board>(
      initialState: Board.State(rows: Shared(value: [Row(id: 0, title: "Zero")])),
      reducer: Capturing(base: Board(), capture: capture).recording(to: log, snapshotInterval: 5)
    )
    for action in Self.actions { store.send(action) }
    try log.close()

    let live = capture.all
    let reader = try log.reader()
    #expect(reader.actionCount == Self.actions.count)
    var state = try reader.stateJSON(at: 0)
    #expect(state.serialized() == live[0])
    let logged = try reader.actions()
    for action in logged {
      try state.apply(action.patch)
      #expect(state.serialized() == live[action.index], "index \(action.index)")
    }
    for action in logged.reversed() {
      try state.unapply(action.patch)
      #expect(state.serialized() == live[action.index - 1], "back to \(action.index - 1)")
    }
    for index in 0...reader.actionCount {
      #expect(try reader.stateJSON(at: index).serialized() == live[index], "seek \(index)")
    }
  }

  @Test func aChangeHeldInThreePlacesIsPatchedAtEachOfThem() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Board>(
      initialState: Board.State(rows: Shared(value: [Row(id: 1, title: "One")])),
      reducer: Board().recording(to: log)
    )
    store.send(.open(1))
    store.send(.rename("Uno"))
    try log.close()
    let rename = try #require(try log.reader().actions().last)
    let paths = rename.patch.map { "\($0.op) \($0.path)" }.sorted()
    #expect(
      paths == [
        "replace /detail/allRows/0/title", "replace /detail/row/title", "replace /rows/0/title",
      ]
    )
  }

  @Test func theInitialStateHoldsTheValueBeforeTheFirstAction() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Board>(
      initialState: Board.State(rows: Shared(value: [])), reducer: Board().recording(to: log)
    )
    store.send(.add(1, "One"))
    try log.close()
    let reader = try log.reader()
    #expect(try reader.stateJSON(at: 0).serialized() == #"{"rows":[],"taps":0}"#)
    #expect(
      try reader.stateJSON(at: 1).serialized()
        == #"{"rows":[{"id":1,"isDone":false,"title":"One"}],"taps":0}"#
    )
  }

  @Test func anActionThatChangesNoSharedValueRecordsAsBefore() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Board>(
      initialState: Board.State(rows: Shared(value: [])), reducer: Board().recording(to: log)
    )
    store.send(.tap)
    try log.close()
    let tap = try #require(try log.reader().actions().first)
    #expect(tap.patch.map { "\($0.op) \($0.path)" } == ["replace /taps"])
  }
}

// MARK: - Places kept between actions

extension SharedRecordingTests {
  @Reducer
  struct Renewing {
    @ObservableState
    struct State: Equatable, Codable {
      @Shared var count: Int
    }

    enum Action: Equatable, Codable {
      case increment
      case renew
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.$count.withLock { $0 += 1 }
        case .renew:
          // Another share holding an equal value: no JSON changes, no diff sees it.
          state.$count = Shared(value: state.count)
        }
        return .none
      }
    }
  }

  /// The recorder keeps where the state holds shared values from one action to the next; a
  /// share made by an action may take a place with no change a diff sees, and the places are
  /// then found again: a change of the share the state let go of is no entry, and a change of
  /// the new one is patched where the state holds it.
  @Test func aNewShareThatTakesAPlaceUnseenIsFoundThere() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Renewing>(
      initialState: Renewing.State(count: Shared(value: 0)), reducer: Renewing().recording(to: log)
    )
    store.send(.increment)
    let released = store.state.$count
    store.send(.renew)
    released.withLock { $0 += 10 }
    store.send(.increment)
    try log.close()
    let reader = try log.reader()
    #expect(try reader.actions().map(\.isSharedChange) == [false, false, false])
    #expect(try reader.stateJSON(at: 3).serialized() == #"{"count":2}"#)
    let last = try #require(try reader.actions().last)
    #expect(last.patch.map { "\($0.op) \($0.path)" } == ["replace /count"])
  }
}
