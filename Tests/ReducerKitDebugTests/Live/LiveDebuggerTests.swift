import Foundation
import ReducerKit
import ReducerKitTestSupport
import Testing

@testable import ReducerKitDebug

/// A live debugger of a running store: each control changes what the store shows exactly as
/// the log and a replay compute it, is an entry of the log, and a refused request leaves the
/// store as it was.
@MainActor
@Suite struct LiveDebuggerTests {
  @Reducer
  struct Tally {
    @ObservableState
    struct State: Equatable, Codable {
      var count = 0
      var added: [Int] = []
    }

    enum Action: Equatable, Codable {
      case add(Int)
      case double
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .add(amount):
          state.count += amount
          state.added.append(amount)
        case .double:
          state.count *= 2
        }
        return .none
      }
    }
  }

  /// A recording store of `Tally` that was sent `actions`, and its debugger.
  @MainActor
  private struct Running {
    let log: ActionLog
    let store: Store<Tally>
    let debugger: LiveDebugger<Tally>

    init(_ actions: [Tally.Action]) throws {
      log = try ActionLog.inMemory()
      let recording = Tally().recording(to: log, feature: "tally")
      store = Store<Tally>(initialState: Tally.State(), reducer: recording)
      debugger = LiveDebugger(store: store, recording: recording)
      for action in actions { store.send(action) }
    }

    func logged(at index: Int) throws -> Tally.State {
      try log.flush()
      return try log.reader().state(Tally.State.self, at: index)
    }

    func labels() throws -> [String] {
      try log.flush()
      return try log.reader().actions(patches: false).map(\.label)
    }
  }

  @Test func pauseHoldsTheAppsActionsUntilResume() throws {
    let app = try Running([.add(1), .add(2)])
    app.debugger.pause()
    app.store.send(.add(10))
    app.store.send(.double)
    #expect(app.store.count == 3)
    #expect(app.debugger.status.paused && app.debugger.status.heldActions == 2)
    app.debugger.resume()
    #expect(app.store.count == 26)
    #expect(!app.debugger.status.paused && app.debugger.status.heldActions == 0)
    #expect(
      try app.labels().suffix(4) == [
        "rkdebug paused the app", "rkdebug resumed the app",
        "LiveDebuggerTests.Tally.Action.add(10)",
        "LiveDebuggerTests.Tally.Action.double",
      ])
  }

  @Test func jumpShowsTheLoggedStateAndResumeReturnsToThePresent() throws {
    let app = try Running([.add(1), .add(2), .double, .add(5)])
    let present = app.store.state
    try app.debugger.jump(to: 2)
    #expect(app.store.state == (try app.logged(at: 2)))
    #expect(app.store.state == Tally.State(count: 3, added: [1, 2]))
    app.store.send(.add(100))  // held: the app shows the past
    try app.debugger.jump(to: 0)
    #expect(app.store.state == Tally.State())
    app.debugger.resume()
    #expect(app.store.count == present.count + 100)
    // The log replays to what the app showed at every entry.
    let reader = try { try app.log.flush(); return try app.log.reader() }()
    let engine = try ReplayEngine(reader: reader, reducer: Tally())
    #expect(try engine.run().divergence == nil)
    #expect(try reader.state(Tally.State.self, at: 6) == Tally.State(count: 3, added: [1, 2]))
    #expect(try reader.state(Tally.State.self, at: 7) == Tally.State())
  }

  @Test func skipRecomputesTheStateWithoutTheEntryAsReplaySkipDoes() throws {
    let app = try Running([.add(1), .add(2), .double, .add(5)])
    try app.debugger.skip(2)
    #expect(app.store.state == Tally.State(count: 7, added: [1, 5]))
    let reader = try { try app.log.flush(); return try app.log.reader() }()
    // What `rkdebug replay --skip 2` computes up to the entry before the skip.
    let offline = try ReplayEngine(reader: reader, reducer: Tally())
    _ = try offline.run(to: 4, skipping: [2])
    #expect(offline.state == app.store.state)
    #expect(try reader.state(Tally.State.self, at: 5) == app.store.state)
    app.store.send(.add(1))
    try app.debugger.unskip(2)
    #expect(app.store.state == Tally.State(count: 12, added: [1, 2, 5, 1]))
    #expect(app.debugger.status.skipped.isEmpty)
    #expect(throws: LiveDebuggerError.notSkipped(index: 2, skipped: [])) {
      try app.debugger.unskip(2)
    }
    #expect(
      try app.labels().suffix(3) == [
        "rkdebug skipped 2", "LiveDebuggerTests.Tally.Action.add(1)", "rkdebug unskipped 2",
      ])
    let engine = try ReplayEngine(reader: try app.log.reader(), reducer: Tally())
    #expect(try engine.run().divergence == nil)
  }

  @Test func dispatchAndLoad() throws {
    let app = try Running([.add(1)])
    app.debugger.pause()
    try app.debugger.dispatch(.object(["add": .object(["_0": .number("4")])]))
    #expect(app.store.count == 5)  // a dispatched action runs while the app is paused
    try app.debugger.load(
      .object(["count": .number("40"), "added": .array([.number("40")])]), source: "report")
    #expect(app.store.state == Tally.State(count: 40, added: [40]))
    #expect(
      try app.labels() == [
        "LiveDebuggerTests.Tally.Action.add(1)", "rkdebug paused the app",
        "rkdebug dispatched the next action", "LiveDebuggerTests.Tally.Action.add(4)",
        "rkdebug loaded the state of report",
      ])
    #expect(try app.logged(at: 5) == app.store.state)
  }

  @Test func aLoadBeforeTheFirstActionStartsTheSession() throws {
    let app = try Running([])
    try app.debugger.load(.object(["count": .number("2"), "added": .array([])]), source: "x")
    app.store.send(.double)
    #expect(
      try app.labels() == [
        "rkdebug loaded the state of x", "LiveDebuggerTests.Tally.Action.double",
      ])
    #expect(try app.logged(at: 0) == Tally.State())
    #expect(try app.logged(at: 2) == Tally.State(count: 4))
  }

  @Test func refusedRequestsLeaveTheAppAsItWas() throws {
    let app = try Running([.add(1), .add(2)])
    let before = app.store.state
    let answers = [
      "not json",
      "[1]",
      #"{"op":"fly"}"#,
      #"{"id":3,"op":"jump"}"#,
      #"{"id":4,"op":"jump","index":99}"#,
      #"{"id":5,"op":"skip","index":-1}"#,
      #"{"id":6,"op":"dispatch","action":{"launch":{}}}"#,
      #"{"id":7,"op":"load","state":{"count":"many"}}"#,
    ].map { app.debugger.answer($0) }
    let errors = try answers.map { try LiveAnswer(text: $0) }
    #expect(errors.allSatisfy { !$0.ok })
    #expect(errors[3].id == 3 && errors[3].error == "'jump' needs 'index'")
    #expect(errors[4].error == "there is no entry 99: the session's entries are 1…2")
    #expect(errors[6].error?.hasPrefix("the action does not decode as ") == true)
    #expect(errors[7].error?.hasPrefix("the state does not decode as ") == true)
    #expect(errors[2].error?.contains("unknown operation 'fly'") == true)
    #expect(app.store.state == before)
    #expect(try app.labels().count == 2)
    #expect(!app.debugger.status.paused)
  }

  @Test func aSessionWithSharedStateReplaysAcrossAJumpAndResume() throws {
    let log = try ActionLog.inMemory()
    let recording = Scoreboard().recording(to: log, feature: "scoreboard")
    let store = Store<Scoreboard>(
      initialState: Scoreboard.State(score: Shared(value: 0)), reducer: recording)
    let debugger = LiveDebugger(store: store, recording: recording)
    store.send(.point)
    store.send(.point)
    try debugger.jump(to: 1)
    #expect(store.score == 1 && store.banner.score == 1)
    debugger.resume()
    store.send(.point)  // through the score's share: the banner shows it too
    #expect(store.banner.score == 3)
    try debugger.skip(1)
    store.send(.point)
    #expect(store.score == 3 && store.banner.score == 3)
    try log.flush()
    let engine = try ReplayEngine(reader: try log.reader(), reducer: Scoreboard())
    let result = try engine.run()
    #expect(result.divergence == nil, "\(result.divergence?.difference.diff ?? "")")
    #expect(engine.state.score == 3 && engine.state.banner.score == 3)
  }

  @Test func whileShowingThePastAnActionOrSkipIsRefused() throws {
    let app = try Running([.add(1), .add(2)])
    try app.debugger.jump(to: 1)
    #expect(throws: LiveDebuggerError.showingThePast(index: 1, operation: "dispatch")) {
      try app.debugger.dispatch(.object(["double": .object([:])]))
    }
    #expect(throws: LiveDebuggerError.showingThePast(index: 1, operation: "skip")) {
      try app.debugger.skip(1)
    }
    // The debugger leaving puts the app back in the present, never half-way.
    app.debugger.detach()
    #expect(app.store.state == Tally.State(count: 3, added: [1, 2]))
    #expect(!app.debugger.status.paused && app.debugger.status.jumpedTo == nil)
  }
}
