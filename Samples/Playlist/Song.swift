import Foundation
import IdentifiedCollections
import ReducerKit

/// A song of the ``Playlist``: what its list and its ``Player`` show.
@ObservableState
public struct Song: Equatable, Codable, Sendable, Identifiable {
  public var id: UUID
  public var title: String
  /// The seconds played so far, counted by the player's effect.
  public var secondsPlayed: Int
  public var isFavorite: Bool

  /// Creates a song, never played.
  public init(id: UUID, title: String, secondsPlayed: Int = 0, isFavorite: Bool = false) {
    self.id = id
    self.title = title
    self.secondsPlayed = secondsPlayed
    self.isFavorite = isFavorite
  }

  /// The songs a new playlist starts with, with fixed ids.
  public static let starter: [Song] = [
    Song(id: UUID(0), title: "Blue in Green"),
    Song(id: UUID(1), title: "So What", isFavorite: true),
    Song(id: UUID(2), title: "Flamenco Sketches"),
  ]
}

extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Song>>.Default {
  /// The playlist's file, holding the starter songs until the list is first saved. `rkdebug`
  /// records the sample with its file storage in memory (`defaultFileStorage`).
  public static var playlist: Self {
    Self[.fileStorage(Playlist.fileURL), default: IdentifiedArray(uniqueElements: Song.starter)]
  }
}
