import Foundation
import IdentifiedCollections
import ReducerKit

/// A playlist whose songs are shared state, as apps written since TCA 1.10 keep their model:
/// the list holds `@Shared(.playlist)` songs in file storage, and the ``Player`` presented over
/// it holds one of them (`Shared($songs[id: id])`), which it changes in its reducer and, while
/// it plays, from its effect with `withLock`. The log shows the effect's changes as entries of
/// their own, and replay makes them again.
///
/// ```swift
/// let store = Store(initialState: Playlist.State(), reducer: Playlist())
/// store.send(.songTapped(Song.starter[0].id))   // presents its player
/// store.send(.player(.presented(.playButtonTapped)))
/// ```
@Reducer
public struct Playlist {
  /// The name `rkdebug` registers the feature under.
  public static let name = "playlist"
  /// The file the songs are saved to (``SharedKey/playlist``).
  public static let fileURL = URL.temporaryDirectory.appending(component: "rkdebug-playlist.json")

  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The songs, in the list's order, shared with the player and saved to their file.
    @Shared public var songs: IdentifiedArrayOf<Song>
    /// The player of a song, while it is presented.
    @Presents public var player: Player.State?

    /// Creates a playlist of `songs` (by default the playlist's file).
    public init(
      songs: Shared<IdentifiedArrayOf<Song>> = Shared(.playlist), player: Player.State? = nil
    ) {
      self._songs = songs
      self.player = player
    }
  }

  public enum Action: Equatable, Codable, Sendable {
    /// Adds a song at the end of the list.
    case addSongButtonTapped
    /// An action of the presented player.
    case player(PresentationAction<Player.Action>)
    /// Removes a song, dismissing its player.
    case removeSong(Song.ID)
    /// Presents the player of a song.
    case songTapped(Song.ID)
  }

  @Dependency(\.uuid) var uuid

  /// Creates the playlist's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addSongButtonTapped:
        let id = uuid()
        state.$songs.withLock { songs in
          songs.append(Song(id: id, title: "Track \(songs.count + 1)"))
        }
        return .none

      case .player:
        return .none

      case let .removeSong(id):
        if state.player?.song.id == id { state.player = nil }
        state.$songs.withLock { _ = $0.remove(id: id) }
        return .none

      case let .songTapped(id):
        guard let song = Shared(state.$songs[id: id]) else { return .none }
        state.player = Player.State(song: song)
        return .none
      }
    }
    .ifLet(\.$player, action: \.player) {
      Player()
    }
  }
}
