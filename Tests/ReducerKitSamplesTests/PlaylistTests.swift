import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitTesting
import Testing

@MainActor
@Suite("Playlist", .timeLimit(.minutes(1)))
struct PlaylistTests {
  let blueInGreen = Song.starter[0]

  private func playlist() -> Shared<IdentifiedArrayOf<Song>> {
    Shared(value: IdentifiedArray(uniqueElements: Song.starter))
  }

  @Test func thePlayerChangesTheListsRowAndItsEffectPlaysIt() async {
    let songs = playlist()
    let id = blueInGreen.id
    let store = TestStore(initialState: Playlist.State(songs: songs)) {
      Playlist()
    } withDependencies: {
      $0.useTestValues()
    }
    await store.send(.songTapped(id)) {
      $0.player = Player.State(song: Shared(songs[id: id])!)
    }
    await store.send(.player(.presented(.favoriteButtonTapped))) {
      $0.$songs.withLock { $0[id: id]?.isFavorite = true }
    }
    await store.send(.player(.presented(.playButtonTapped))) {
      $0.player?.isPlaying = true
    }
    // The effect's three seconds, changed with withLock, are asserted with its action.
    await store.receive(\.player.presented.finished) {
      $0.player?.isPlaying = false
      $0.$songs.withLock { $0[id: id]?.secondsPlayed = Player.length }
    }
    #expect(songs.wrappedValue[id: id]?.secondsPlayed == Player.length)
    await store.send(.removeSong(id)) {
      $0.player = nil
      $0.$songs.withLock { _ = $0.remove(id: id) }
    }
  }

  @Test func aRecordedSessionLogsThePlayersSecondsAsEntriesAndReplays() async throws {
    let log = try ActionLog.inMemory()
    let store = Store(
      initialState: Playlist.State(songs: playlist()),
      reducer: Playlist().recording(to: log),
      withDependencies: { $0.useTestValues() }
    )
    store.send(.songTapped(blueInGreen.id))
    for _ in 1...2 {
      await store.send(.player(.presented(.playButtonTapped))).finish()
      await store.waitForEffects()
    }
    try log.close()

    let reader = try log.reader()
    let entries = try reader.actions()
    #expect(
      entries.filter(\.isSharedChange).map(\.label)
        == Array(repeating: "$songs.withLock in effect 1", count: Player.length)
        + Array(repeating: "$songs.withLock in effect 2", count: Player.length))
    // The list's row and the player's song, at each second.
    for entry in entries where entry.isSharedChange {
      #expect(
        Set(entry.patch.map(\.path.description))
          == ["/songs/0/secondsPlayed", "/player/song/secondsPlayed"])
    }
    let result = try ReplayEngine(reader: reader, reducer: Playlist()).run()
    #expect(result.divergence == nil)
  }
}
