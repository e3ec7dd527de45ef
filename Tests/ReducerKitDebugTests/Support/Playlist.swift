import CasePaths
import Foundation
import IdentifiedCollections
import ReducerKit

/// A small feature with every shape the recorder must diff finely: scalars, a nested observable
/// child, an optional child, an identified array of observable rows, a plain array, a
/// dictionary-free enum property, and effects that finish, fail and get cancelled.
struct Playlist: Reducer {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var title = "Mix"
    var volume = 5
    var player = Player.State()
    var editor: Editor.State?
    var songs: IdentifiedArrayOf<Song.State> = []
    var tags: [String] = []
    var mode = Mode.shuffle
    var note: String?
  }

  enum Mode: Equatable, Codable, Sendable {
    case shuffle
    case repeating(times: Int)
  }

  @CasePathable
  enum Action: Equatable, Codable, Sendable {
    case rename(String)
    case setVolume(Int)
    case player(Player.Action)
    case openEditor
    case closeEditor
    case editor(Editor.Action)
    case addSong(id: Int, name: String)
    case removeSong(id: Int)
    case songs(IdentifiedAction<Int, Song.Action>)
    case addTag(String)
    case removeFirstTag
    case setMode(Mode)
    case setNote(String?)
    case sortSongs
    case loadTapped
    case loaded(Int)
    case failTapped
    case failed(String)
    case startTicking
    case tick
    case stopTicking
  }

  struct LoadError: Error, CustomStringConvertible {
    var description: String { "the server said no" }
  }

  enum CancelID: Hashable, Sendable { case ticking }

  var body: some ReducerOf<Self> {
    Scope(state: \.player, action: \.player) { Player() }
    Reduce { state, action in
      switch action {
      case let .rename(title):
        state.title = title
        return .none
      case let .setVolume(volume):
        state.volume = volume
        return .none
      case .player:
        return .none
      case .openEditor:
        state.editor = Editor.State(draft: state.title)
        return .none
      case .closeEditor:
        state.editor = nil
        return .none
      case .editor:
        return .none
      case let .addSong(id, name):
        state.songs.append(Song.State(id: id, name: name))
        return .none
      case let .removeSong(id):
        state.songs.remove(id: id)
        return .none
      case .songs:
        return .none
      case let .addTag(tag):
        state.tags.append(tag)
        return .none
      case .removeFirstTag:
        if !state.tags.isEmpty { state.tags.removeFirst() }
        return .none
      case let .setMode(mode):
        state.mode = mode
        return .none
      case let .setNote(note):
        state.note = note
        return .none
      case .sortSongs:
        state.songs.sort { $0.name < $1.name }
        return .none
      case .loadTapped:
        return .run { send in await send(.loaded(42)) }
      case let .loaded(value):
        state.volume = value
        return .none
      case .failTapped:
        return .run { _ in throw LoadError() } catch: { error, send in
          await send(.failed(String(describing: error)))
        }
      case let .failed(message):
        state.note = message
        return .none
      case .startTicking:
        return .run { send in
          while !Task.isCancelled {
            try await Task.sleep(for: .seconds(60))
            await send(.tick)
          }
        }
        .cancellable(id: CancelID.ticking)
      case .tick:
        state.volume += 1
        return .none
      case .stopTicking:
        return .cancel(id: CancelID.ticking)
      }
    }
    .ifLet(\.editor, action: \.editor) { Editor() }
    .forEach(\.songs, action: \.songs) { Song() }
  }
}

struct Player: Reducer {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var isPlaying = false
    var position = 0
  }

  @CasePathable
  enum Action: Equatable, Codable, Sendable {
    case playTapped
    case seek(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .playTapped:
      state.isPlaying.toggle()
    case let .seek(position):
      state.position = position
    }
    return .none
  }
}

struct Editor: Reducer {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var draft: String
  }

  @CasePathable
  enum Action: Equatable, Codable, Sendable {
    case type(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .type(text):
      state.draft += text
      return .none
    }
  }
}

struct Song: Reducer {
  @ObservableState
  struct State: Equatable, Codable, Sendable, Identifiable {
    var id: Int
    var name: String
    var isFavorite = false
    var plays = 0
  }

  @CasePathable
  enum Action: Equatable, Codable, Sendable {
    case favoriteTapped
    case played
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .favoriteTapped:
      state.isFavorite.toggle()
    case .played:
      state.plays += 1
    }
    return .none
  }
}

extension Playlist {
  /// A random action that is valid for `state` (no actions for a missing editor or song), and
  /// starts no long-running effect.
  static func randomAction(
    for state: State, using rng: inout some RandomNumberGenerator
  ) -> Action {
    let songIDs = state.songs.ids.elements
    switch Int.random(in: 0..<16, using: &rng) {
    case 0: return .rename(["Mix", "Road trip", "Focus", "Ünïcode ✓", "a/b~c"].randomElement(using: &rng)!)
    case 1: return .setVolume(Int.random(in: 0...11, using: &rng))
    case 2: return .player(Bool.random(using: &rng) ? .playTapped : .seek(Int.random(in: 0...300, using: &rng)))
    case 3: return state.editor == nil ? .openEditor : .closeEditor
    case 4: return state.editor == nil ? .openEditor : .editor(.type(["a", "b", " "].randomElement(using: &rng)!))
    case 5, 6:
      let id = (songIDs.max() ?? 0) + 1
      return .addSong(id: id, name: ["Blue", "Red", "Green", "Amber"].randomElement(using: &rng)! + "\(id)")
    case 7:
      guard let id = songIDs.randomElement(using: &rng) else { return .addTag("x") }
      return .removeSong(id: id)
    case 8, 9:
      guard let id = songIDs.randomElement(using: &rng) else { return .setVolume(1) }
      return .songs(.element(id: id, action: Bool.random(using: &rng) ? .favoriteTapped : .played))
    case 10: return .addTag(["rock", "jazz", "pop"].randomElement(using: &rng)!)
    case 11: return .removeFirstTag
    case 12: return .setMode(Bool.random(using: &rng) ? .shuffle : .repeating(times: Int.random(in: 1...3, using: &rng)))
    case 13: return .setNote(Bool.random(using: &rng) ? nil : "note \(Int.random(in: 0...9, using: &rng))")
    case 14: return .sortSongs
    default: return .loadTapped
    }
  }
}
