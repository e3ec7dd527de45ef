import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// The recorder writes the finest operations the data allows, each with its old value.
@MainActor
@Suite struct PatchGranularityTests {
  /// Records `actions` from `initialState` and returns the patch JSON of each action.
  func patches(
    from initialState: Playlist.State = Playlist.State(), _ actions: [Playlist.Action]
  ) throws -> [String] {
    let log = try ActionLog.inMemory()
    let store = Store<Playlist>(initialState: initialState, reducer: Playlist().recording(to: log))
    for action in actions { store.send(action) }
    try log.close()
    let reader = try log.reader()
    return try reader.actions().map { action in
      JSONValue.array(action.patch.map(\.jsonValue)).serialized()
    }
  }

  var threeSongs: Playlist.State {
    var state = Playlist.State()
    for id in 1...3 { state.songs.append(Song.State(id: id, name: "S\(id)")) }
    return state
  }

  @Test func scalarChangeIsOneReplaceWithOldValue() throws {
    #expect(
      try patches([.setVolume(7)])
        == [#"[{"old":5,"op":"replace","path":"/volume","value":7}]"#]
    )
  }

  @Test func nestedChildChangeIsAtItsPath() throws {
    #expect(
      try patches([.player(.seek(30))])
        == [#"[{"old":0,"op":"replace","path":"/player/position","value":30}]"#]
    )
  }

  @Test func toggledRowIsOneReplaceInsideTheRow() throws {
    #expect(
      try patches(from: threeSongs, [.songs(.element(id: 3, action: .favoriteTapped))])
        == [#"[{"old":false,"op":"replace","path":"/songs/2/isFavorite","value":true}]"#]
    )
  }

  @Test func appendedRowIsOneAdd() throws {
    #expect(
      try patches(from: threeSongs, [.addSong(id: 4, name: "New")])
        == [
          #"[{"op":"add","path":"/songs/3","value":{"id":4,"isFavorite":false,"name":"New","plays":0}}]"#
        ]
    )
  }

  @Test func removedRowIsOneRemoveWithOldValue() throws {
    #expect(
      try patches(from: threeSongs, [.removeSong(id: 2)])
        == [
          #"[{"old":{"id":2,"isFavorite":false,"name":"S2","plays":0},"op":"remove","path":"/songs/1"}]"#
        ]
    )
  }

  @Test func optionalChildAppearsAndGoesAway() throws {
    #expect(
      try patches([.openEditor, .editor(.type("!")), .closeEditor])
        == [
          #"[{"op":"add","path":"/editor","value":{"draft":"Mix"}}]"#,
          #"[{"old":"Mix","op":"replace","path":"/editor/draft","value":"Mix!"}]"#,
          #"[{"old":{"draft":"Mix!"},"op":"remove","path":"/editor"}]"#,
        ]
    )
  }

  @Test func enumPropertyIsOneReplaceOfTheProperty() throws {
    #expect(
      try patches([.setMode(.repeating(times: 2))])
        == [
          #"[{"old":{"shuffle":{}},"op":"replace","path":"/mode","value":{"repeating":{"times":2}}}]"#
        ]
    )
  }

  @Test func plainArrayAppendAndRemoveFirst() throws {
    #expect(
      try patches([.addTag("rock"), .addTag("jazz"), .removeFirstTag])
        == [
          #"[{"op":"add","path":"/tags/0","value":"rock"}]"#,
          #"[{"op":"add","path":"/tags/1","value":"jazz"}]"#,
          #"[{"old":"rock","op":"remove","path":"/tags/0"}]"#,
        ]
    )
  }

  @Test func noChangeIsAnEmptyPatch() throws {
    #expect(try patches([.setVolume(5)]) == ["[]"])
  }

  @Test func keysWithSlashesAndTildesAreEscaped() throws {
    #expect(
      try patches([.rename("a/b~c")])
        == [#"[{"old":"Mix","op":"replace","path":"/title","value":"a/b~c"}]"#]
    )
  }
}
