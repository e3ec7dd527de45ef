import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

/// Applying the patches of actions 1…N to the initial state's JSON gives exactly the live
/// state's JSON after action N, for every N; and walking back with the old values gives N−1.
@MainActor
@Suite struct RecordingInvariantTests {
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func randomSessionsReconstructEveryIndex(seed: UInt64) async throws {
    let capture = StateCapture()
    let log = try ActionLog.inMemory()
    let store = Store<Playlist>(
      initialState: Playlist.State(),
      reducer: Capturing(base: Playlist(), capture: capture)
        .recording(to: log, snapshotInterval: 7)
    )
    var rng = SplitMix64(seed: seed)
    for _ in 0..<300 {
      await store.send(Playlist.randomAction(for: store.state, using: &rng)).finish()
    }
    try log.close()

    let live = capture.all
    let reader = try log.reader()
    #expect(reader.actionCount == live.count - 1)

    // Forwards from the initial state with the patches alone.
    var state = try JSONValue(parsing: live[0])
    #expect(try reader.stateJSON(at: 0) == state)
    let actions = try reader.actions()
    for action in actions {
      try state.apply(action.patch)
      #expect(state.serialized() == live[action.index], "index \(action.index)")
    }
    // Backwards with the old values.
    for action in actions.reversed() {
      try state.unapply(action.patch)
      #expect(state.serialized() == live[action.index - 1], "back to \(action.index - 1)")
    }
    // The reader, in random order, from snapshots either side.
    var order = Array(0...reader.actionCount)
    order.shuffle(using: &rng)
    for index in order {
      #expect(try reader.stateJSON(at: index).serialized() == live[index], "seek \(index)")
    }
  }

  @Test func typedReadsDecodeTheRecordedValues() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Playlist>(initialState: Playlist.State(), reducer: Playlist().recording(to: log))
    store.send(.addSong(id: 1, name: "One"))
    store.send(.songs(.element(id: 1, action: .played)))
    try log.close()
    let reader = try log.reader()
    #expect(try reader.state(Playlist.State.self, at: 2) == store.state)
    #expect(try reader.action(Playlist.Action.self, at: 2) == .songs(.element(id: 1, action: .played)))
  }
}
