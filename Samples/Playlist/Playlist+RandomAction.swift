import Foundation
import ReducerKit

extension Playlist: RandomActionGenerating {
  /// A random user action that is valid for `state`: in the list, add, remove or open a song;
  /// with a player shown, play, stop, mark a favorite or close it.
  public static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    if let player = state.player {
      let options: [(weight: Int, value: Action)] = [
        (player.isPlaying ? 0 : 5, .player(.presented(.playButtonTapped))),
        (player.isPlaying ? 2 : 0, .player(.presented(.stopButtonTapped))),
        (3, .player(.presented(.favoriteButtonTapped))),
        (2, .player(.dismiss)),
      ]
      return pick(options, using: &rng)
    }
    let songs = state.songs
    guard !songs.isEmpty else { return .addSongButtonTapped }
    let song = songs[Int.random(in: 0..<songs.count, using: &rng)].id
    let options: [(weight: Int, value: Action)] = [
      (songs.count < 8 ? 3 : 0, .addSongButtonTapped),
      (songs.count > 2 ? 1 : 0, .removeSong(song)),
      (6, .songTapped(song)),
    ]
    return pick(options, using: &rng)
  }

  /// Now and then (one time in eight), another device renames a song of the playlist's file:
  /// its storage changes the shared songs with no action, as a synced file would.
  public static func randomOutsideChange(
    for state: State, using rng: inout some RandomNumberGenerator
  ) {
    guard !state.songs.isEmpty, Int.random(in: 0..<8, using: &rng) == 0 else { return }
    var songs = state.songs
    let index = Int.random(in: 0..<songs.count, using: &rng)
    songs[index].title = "Synced \(Int.random(in: 1...99, using: &rng))"
    @Dependency(\.defaultFileStorage) var storage
    guard let data = try? JSONEncoder().encode(songs) else { return }
    try? storage.save(data, to: fileURL)
  }
}
