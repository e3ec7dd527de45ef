import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// With the `forEach` journal the recorder diffs only the rows an action ran on, and still
/// records every change when something else touched the rows in the same action.
@MainActor
@Suite struct JournaledDiffTests {
  /// The playlist, plus a reducer after it that touches other rows in place on some row
  /// actions: changes the journal cannot vouch for.
  struct Chart: Reducer {
    var body: some ReducerOf<Playlist> {
      Playlist()
      Reduce { state, action in
        switch action {
        case .songs(.element(id: 1, action: .played)):
          state.songs[id: 3]!.plays += 1
        case .songs(.element(id: 2, action: .played)):
          state.songs.append(Song.State(id: 9, name: "Bonus"))
        case .songs(.element(id: 3, action: .played)):
          state.songs[id: 3]!.name = "Encore"
        default:
          break
        }
        return .none
      }
    }
  }

  var threeSongs: Playlist.State {
    var state = Playlist.State()
    for id in 1...3 { state.songs.append(Song.State(id: id, name: "S\(id)")) }
    return state
  }

  let rowActions: [Playlist.Action] = [
    .songs(.element(id: 2, action: .favoriteTapped)),
    .songs(.element(id: 1, action: .played)),
    .songs(.element(id: 3, action: .played)),
    .songs(.element(id: 2, action: .played)),
    .songs(.element(id: 9, action: .favoriteTapped)),
    .sortSongs,
    .songs(.element(id: 9, action: .played)),
  ]

  /// The compact patch text of each action, diffed with the journal and without it, and the
  /// rows the journal vouched for.
  func patches(
    _ actions: [Playlist.Action]
  ) throws -> [(journaled: String, compared: String, vouched: [Int]?)] {
    var state = threeSongs
    let encoder = JSONFragmentEncoder()
    return try actions.map { action in
      let old = state
      let journal = ElementChangeJournal()
      _ = ElementChangeJournal.withCurrent(journal) {
        Chart().reduce(into: &state, action: action)
      }
      return try (
        StateDiffer.changes(from: old, to: state, journal: journal).compactJSON(using: encoder),
        StateDiffer.changes(from: old, to: state).compactJSON(using: encoder),
        journal.changedIDs(from: old.songs, to: state.songs)
      )
    }
  }

  @Test func journaledAndComparedDiffsAgree() throws {
    let patches = try patches(rowActions)
    for (action, patch) in zip(rowActions, patches) {
      #expect(patch.journaled == patch.compared, "\(action)")
    }
    // Both ways of finding the change were taken: the journal vouched for the rows of the
    // plain row actions only.
    #expect(patches.map(\.vouched) == [[2], nil, nil, nil, [9], nil, [9]])
  }

  @Test func recordedPatchesHoldEveryChange() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Playlist>(initialState: threeSongs, reducer: Chart().recording(to: log))
    for action in rowActions { store.send(action) }
    try log.close()
    let patches = try log.reader().actions().map { action in
      action.patch.map { "\($0.op.rawValue) \($0.path)" }
    }
    #expect(
      patches == [
        ["replace /songs/1/isFavorite"],
        ["replace /songs/0/plays", "replace /songs/2/plays"],
        ["replace /songs/2/name", "replace /songs/2/plays"],
        ["add /songs/3", "replace /songs/1/plays"],
        ["replace /songs/3/isFavorite"],
        ["move /songs/0", "move /songs/1"],
        ["replace /songs/0/plays"],
      ]
    )
    // And the patches rebuild the live state.
    let rebuilt = try log.reader().state(Playlist.State.self, at: rowActions.count)
    #expect(rebuilt == store.state)
  }
}
