import Foundation
import ReducerKit

/// The screen of one song, presented over the ``Playlist``. It holds the playlist's own row
/// (`Shared($songs[id: id])`), so what it changes the list shows at once; while it plays, its
/// effect adds each second played to the song with `withLock`, a shared change that no action
/// makes.
@Reducer
public struct Player {
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The song, shared with the playlist's row.
    @Shared public var song: Song
    public var isPlaying: Bool

    /// Creates the screen of `song`, stopped.
    public init(song: Shared<Song>, isPlaying: Bool = false) {
      self._song = song
      self.isPlaying = isPlaying
    }
  }

  public enum Action: Equatable, Codable, Sendable {
    /// Marks or unmarks the song as a favorite, through the share.
    case favoriteButtonTapped
    /// The song played to its end (sent by the playing effect).
    case finished
    /// Plays the song for three seconds (does nothing while it plays).
    case playButtonTapped
    /// Stops playing.
    case stopButtonTapped
  }

  /// The identifier of the playing effect.
  enum CancelID: Hashable, Sendable {
    case playback
  }

  /// How many seconds a song plays.
  public static let length = 3

  @Dependency(\.continuousClock) var clock

  /// Creates the screen's reducer.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .favoriteButtonTapped:
        state.$song.withLock { $0.isFavorite.toggle() }
        return .none

      case .finished:
        state.isPlaying = false
        return .none

      case .playButtonTapped:
        guard !state.isPlaying else { return .none }
        state.isPlaying = true
        return .run { [song = state.$song, clock] send in
          for _ in 0..<Self.length {
            try await clock.sleep(for: .seconds(1))
            song.withLock { $0.secondsPlayed += 1 }
          }
          await send(.finished)
        }
        .cancellable(id: CancelID.playback, cancelInFlight: true)

      case .stopButtonTapped:
        state.isPlaying = false
        return .cancel(id: CancelID.playback)
      }
    }
  }
}
