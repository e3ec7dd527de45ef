import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

/// Every effect's life is recorded, and effect-emitted actions name their effect and the
/// action that started it.
@MainActor
@Suite struct EffectRecordingTests {
  @Test func finishedFailedAndCancelledEffects() async throws {
    let log = try ActionLog.inMemory()
    let store = Store<Playlist>(initialState: Playlist.State(), reducer: Playlist().recording(to: log))
    await store.send(.loadTapped).finish()  // 1, emits 2
    await store.send(.failTapped).finish()  // 3, emits 4
    let ticking = store.send(.startTicking)  // 5
    store.send(.stopTicking)  // 6
    await ticking.finish()
    try log.close()

    let reader = try log.reader()
    let actions = try reader.actions()
    #expect(actions.map(\.singleLineLabel) == [
      "Playlist.Action.loadTapped",
      "Playlist.Action.loaded(42)",
      "Playlist.Action.failTapped",
      #"Playlist.Action.failed("the server said no")"#,
      "Playlist.Action.startTicking",
      "Playlist.Action.stopTicking",
    ])
    #expect(actions.map(\.source) == [
      .send, .effect(effectID: 1, parentIndex: 1), .send, .effect(effectID: 2, parentIndex: 3),
      .send, .send,
    ])
    let effects = try reader.effects()
    #expect(effects.map(\.actionIndex) == [1, 3, 5])
    #expect(effects.map(\.outcome) == [.finished, .failed, .cancelled])
    #expect(effects[1].error == "the server said no")
    #expect(effects[2].cancelIDs == ["ticking"])
    #expect(effects.allSatisfy { $0.endedAt != nil && $0.kind == "run" })
  }

  @Test func recordingDoesNotChangeWhatTheFeatureDoes() async throws {
    let plain = Store<Playlist>(initialState: Playlist.State(), reducer: Playlist())
    let log = try ActionLog.inMemory()
    let recorded = Store<Playlist>(initialState: Playlist.State(), reducer: Playlist().recording(to: log))
    var rng1 = SplitMix64(seed: 99)
    var rng2 = SplitMix64(seed: 99)
    for _ in 0..<200 {
      await plain.send(Playlist.randomAction(for: plain.state, using: &rng1)).finish()
      await recorded.send(Playlist.randomAction(for: recorded.state, using: &rng2)).finish()
      #expect(plain.state == recorded.state)
    }
    try log.close()
  }
}
