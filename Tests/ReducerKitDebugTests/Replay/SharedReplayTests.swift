import Foundation
import ReducerKit
import ReducerKitTestSupport
import Testing

@testable import ReducerKitDebug

/// Replay holds one shared value in every place the recording held it: places of the initial
/// state that held one value are decoded as one (the session's `sharedPlaces`), shares the
/// reducer derives are derived in the replay too, and a shared change logged on its own is made
/// through the replayed share. A reducer that shares differently diverges where it shows.
@MainActor
@Suite struct SharedReplayTests {
  private func recordScoreboard(_ actions: [Scoreboard.Action]) throws -> ActionLog {
    let log = try ActionLog.inMemory()
    let store = Store<Scoreboard>(
      initialState: Scoreboard.State(score: Shared(value: 0)),
      reducer: Scoreboard().recording(to: log)
    )
    for action in actions { store.send(action) }
    try log.close()
    return log
  }

  @Test func placesOfTheInitialStateThatHeldOneValueHoldOneAgain() throws {
    let log = try recordScoreboard([.point, .point, .resetBanner, .point])
    let reader = try log.reader()
    let places = try SharedPlaces.groups(in: reader.reads(at: 0))
    #expect(places == [[["score"], ["banner", "score"]]])
    let engine = try ReplayEngine(reader: reader, reducer: Scoreboard())
    let result = try engine.run()
    #expect(result.divergence == nil)
    #expect(engine.state.banner.score == 3)
  }

  @Reducer
  struct Scoreline {
    @ObservableState
    struct State: Equatable, Codable {
      @Shared var score: Int
      /// The same score, read only.
      @SharedReader var shown: Int
    }

    enum Action: Equatable, Codable {
      case point
    }

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.$score.withLock { $0 += 1 }
        return .none
      }
    }
  }

  @Test func aReaderOfTheWholeValueInTheInitialStateReadsTheReplayedShare() throws {
    let log = try ActionLog.inMemory()
    let score = Shared(value: 0)
    let store = Store<Scoreline>(
      initialState: Scoreline.State(score: score, shown: SharedReader(score)),
      reducer: Scoreline().recording(to: log)
    )
    store.send(.point)
    store.send(.point)
    try log.close()

    let reader = try log.reader()
    #expect(try SharedPlaces.groups(in: reader.reads(at: 0)) == [[["score"], ["shown"]]])
    let engine = try ReplayEngine(reader: reader, reducer: Scoreline())
    #expect(try engine.run().divergence == nil)
    #expect(engine.state.shown == 2)
  }

  @Test func aReducerThatSharesDifferentlyDivergesWhereItShows() throws {
    let log = try recordScoreboard([.point, .resetBanner, .point, .point])
    let engine = try ReplayEngine(
      reader: try log.reader(), reducer: Scoreboard(bannerCopiesTheScore: true))
    let result = try engine.run()
    // The copy holds the same number at 2; the point after it reaches one place only.
    #expect(result.divergence?.index == 3)
  }

  /// A recording of the meeting screen opened, then each of `minutes` recorded by its effect.
  private func recordMeeting(_ minutes: [String]) async throws -> ActionLog {
    let log = try ActionLog.inMemory()
    let store = Store<SharedChangeEntryTests.Meeting>(
      initialState: .init(minutes: Shared(value: [])),
      reducer: SharedChangeEntryTests.Meeting().recording(to: log)
    )
    store.send(.open)
    for minute in minutes { await store.send(.record(minute)).finish() }
    try log.close()
    return log
  }

  @Test func sharesTheReducerDerivesAreDerivedInTheReplay() async throws {
    let log = try await recordMeeting(["Hello", "World"])
    let reader = try log.reader()
    #expect(try reader.actions().filter(\.isSharedChange).count == 2)
    let engine = try ReplayEngine(reader: reader, reducer: SharedChangeEntryTests.Meeting())
    let result = try engine.run()
    #expect(result.divergence == nil)
    #expect(engine.state.detail?.minutes == ["Hello", "World"])
  }

  /// With the screen's opening skipped, the effect's change has no screen to reach: the
  /// replay goes on, and the end state differs from the recording.
  @Test func aSharedChangeTheSkippedStateCannotTakeIsLeftOut() async throws {
    let log = try await recordMeeting(["Hello"])
    let engine = try ReplayEngine(
      reader: try log.reader(), reducer: SharedChangeEntryTests.Meeting())
    let result = try engine.run(skipping: [1])
    #expect(result.skipped == [1])
    #expect(result.lastIndex == 4)
    #expect(result.finalDifference != nil)
    #expect(engine.state.minutes == ["Hello"])
    #expect(engine.state.detail == nil)
  }

  @Reducer
  struct Saver {
    let url: URL

    @ObservableState
    struct State: Equatable, Codable {
      var saves = 0
    }

    enum Action: Equatable, Codable {
      case save(Int)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .save(value):
          @Shared(.fileStorage(url)) var saved = 0
          $saved.withLock { $0 = value }
          state.saves += 1
          return .none
        }
      }
    }
  }

  @Test func aReplayWritesNoFileOfTheApp() async throws {
    let url = FileManager.default.temporaryDirectory
      .appending(component: "rkdebug-replay-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    let log = try ActionLog.inMemory()
    let store = withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      Store<Saver>(initialState: Saver.State(), reducer: Saver(url: url).recording(to: log))
    }
    store.send(.save(7))
    try log.close()

    // Replayed where the app's files are the real ones.
    let engine = try withDependencies {
      $0.defaultFileStorage = .fileSystem
    } operation: {
      try ReplayEngine(reader: try log.reader(), reducer: Saver(url: url))
    }
    #expect(try engine.run().divergence == nil)
    // `.fileSystem` writes at most once a second: wait past a write it would have made.
    try await Task.sleep(for: .seconds(1.5))
    #expect(!FileManager.default.fileExists(atPath: url.path))
  }
}
