import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

@testable import RKDebugCLI

/// The recorded session of the sharing sample (``Playlist``): the shared changes its players'
/// effects made, entries whose JSON is `null`, export, import and replay like actions.
@Suite struct PlaylistSessionTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ReducerKitSamplesTests/Fixtures/playlist.sqlite").path

  @Test func sharedChangesExportImportAndReplay() throws {
    let scratch = try TemporaryDirectory()
    let export = try RKDebugProcess.run(["export", "--db", Self.fixture])
    #expect(export.status == 0, "\(export.stderr)")
    #expect(export.stdout.contains(#""json":null,"label":"$songs.withLock in effect 1""#))
    let file = try scratch.write(export.stdout, to: "playlist.jsonl")
    let imported = try RKDebugProcess.run(["import", file, "--db", "copy.sqlite"], in: scratch.url)
    #expect(imported.status == 0, "\(imported.stderr)")
    let replay = try RKDebugProcess.run(["replay", "--db", "copy.sqlite"], in: scratch.url)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("every state matches the log"))
    let again = try RKDebugProcess.run(["export", "--db", "copy.sqlite"], in: scratch.url)
    #expect(again.stdout == export.stdout)
  }
}

extension PlaylistSessionTests {
  /// `rkdebug record` of `count` random playlist actions (seed 5) into `p.sqlite` in `folder`:
  /// a session in which another device renames songs in the playlist's file.
  static func recordWithTheCLI(_ count: Int, into folder: TemporaryDirectory) throws {
    let record = try RKDebugProcess.run(
      [
        "record", "--feature", "playlist", "--random", "\(count)", "--seed", "5",
        "--db", "p.sqlite",
      ],
      in: folder.url)
    #expect(record.status == 0, "\(record.stderr)")
  }

  /// 300 random actions of a playlist, two seconds apart so that the players' effects change
  /// the shared songs between them, printed live by `_printChanges()`.
  @MainActor
  static func record(seed: UInt64) async throws -> (log: RecordedLog, printed: PrintedChanges) {
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.recordRandom(
        Playlist()._printChanges(printed.printer()), actionsOf: Playlist.self,
        initialState: Playlist.State(
          songs: Shared(value: IdentifiedArray(uniqueElements: Song.starter))),
        count: 300, seed: seed, pace: .seconds(2), feature: Playlist.name)
    }
    return (log, printed)
  }

  /// `changes` prints each action as the live `_printChanges()` did, byte for byte, the shared
  /// values' changes included; the changes the effects made between actions, which
  /// `_printChanges()` never sees, are entries of their own.
  @Test(arguments: [3, 4] as [UInt64])
  func changesIsTheLivePrintChangesByteForByte(seed: UInt64) async throws {
    let (log, printed) = try await Self.record(seed: seed)
    let result = try log.run(["changes"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(printed.expectEntries(of: result.stdout) > 0)
    // A favorite toggled in the player is a change inside the shared songs, and the player's
    // song is the same value again.
    #expect(printed.output.contains("isFavorite"))
    #expect(printed.output.contains("song: Song(↩︎)"))
  }

  /// `record --random` of the playlist: another device renames songs in its file now and then,
  /// changes its storage makes with no action, each an entry labelled with the storage, which
  /// `changes` prints on its own, `replay` makes again and `testgen` makes through the share.
  @Test func aRandomRecordingHoldsTheStoragesChangesAndReplaysThem() throws {
    let scratch = try TemporaryDirectory()
    try Self.recordWithTheCLI(40, into: scratch)
    let reader = try ActionLog.readOnly(path: scratch.url.appendingPathComponent("p.sqlite").path)
      .reader()
    let synced = try reader.actions().filter {
      $0.isSharedChange && $0.label.hasPrefix("$songs changed by its storage .fileStorage(")
    }
    try #require(!synced.isEmpty)
    let entry = synced[0].index
    let changes = try RKDebugProcess.run(
      ["changes", "--db", "p.sqlite", "--from", "\(entry)", "--to", "\(entry)"], in: scratch.url)
    #expect(changes.status == 0, "\(changes.stderr)")
    #expect(
      changes.stdout.hasPrefix(
        "shared state changed outside an action:\n  $songs changed by its storage"))
    #expect(changes.stdout.contains("title: \"Synced "))
    let replay = try RKDebugProcess.run(["replay", "--db", "p.sqlite"], in: scratch.url)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("every state matches the log"))
    let test = try RKDebugProcess.run(
      ["testgen", "--db", "p.sqlite", "--to", "\(entry)"], in: scratch.url)
    #expect(test.status == 0, "\(test.stderr)")
    #expect(
      test.stdout.contains("  // Entry \(entry): $songs changed by its storage .fileStorage("))
    #expect(test.stdout.contains("  store.state.$songs.withLock {"))
  }

  /// The same session's export rebuilds, with a third-party JSON Patch library (Python's
  /// `jsonpatch`), every state the log holds: the actions', the effects' and the storage's
  /// shared changes included.
  @Test(.enabled(if: Python.hasJSONPatch, "needs python3 with jsonpatch"))
  func jsonpatchRebuildsEveryStateOfARecordingWithSharedChanges() throws {
    let scratch = try TemporaryDirectory()
    try Self.recordWithTheCLI(40, into: scratch)
    let export = try RKDebugProcess.run(
      ["export", "--db", "p.sqlite", "-o", "p.jsonl"], in: scratch.url)
    #expect(export.status == 0, "\(export.stderr)")
    let script = try scratch.write(ExportReorderTests.script, to: "rebuild.py")
    let output = scratch.url.appendingPathComponent("states.json").path
    let failure = Python.run([script, scratch.url.appendingPathComponent("p.jsonl").path, output])
    try #require(failure == nil, "python3 failed: \(failure ?? "")")
    let states = try #require(
      try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: output))).arrayValue)
    let reader = try ActionLog.readOnly(path: scratch.url.appendingPathComponent("p.sqlite").path)
      .reader()
    let entries = try reader.actions()
    #expect(entries.contains { $0.label.contains(" by its storage ") })
    #expect(entries.contains { $0.label.contains(".withLock in effect ") })
    try #require(states.count == reader.actionCount)
    for (offset, state) in states.enumerated() {
      #expect(state.isEquivalent(to: try reader.stateJSON(at: offset + 1)), "at \(offset + 1)")
    }
  }
}

// MARK: - A reducer that shares differently

/// The playlist with one line changed: its player gets a copy of the song
/// (`Shared(value: song)`) instead of the song the list holds (`Shared($songs[id: id])`).
private struct UnlinkedPlaylist: Reducer {
  func reduce(into state: inout Playlist.State, action: Playlist.Action) -> Effect<Playlist.Action> {
    if case let .songTapped(id) = action, let song = state.songs[id: id] {
      state.player = Player.State(song: Shared(value: song))  // the changed line
      return .none
    }
    return Playlist().reduce(into: &state, action: action)
  }
}

extension PlaylistSessionTests {
  /// A reducer that shares differently is a divergence at the first entry it changes: the
  /// player opened on a copy of the song agrees with the log until its favorite button, whose
  /// change the list no longer shows.
  @MainActor
  @Test func aReducerThatSharesDifferentlyDivergesWhereTheSharingShows() async throws {
    let song = Song.starter[0]
    let log = try await RecordedLog.make { log in
      try await log.record(
        Playlist(),
        initialState: Playlist.State(
          songs: Shared(value: IdentifiedArray(uniqueElements: Song.starter))),
        actions: [
          .songTapped(Song.starter[2].id), .player(.dismiss), .songTapped(song.id),
          .player(.presented(.favoriteButtonTapped)), .player(.dismiss),
        ],
        feature: Playlist.name)
    }
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let today = try DebugFeature.feature(
      Playlist.name, summary: "", reducer: { Playlist() },
      initialState: { Playlist.State() }
    ).erased.replayer(for: reader).run(to: nil, skipping: [], progress: nil)
    #expect(today.divergence == nil)
    let unlinked = DebugFeature.feature(
      Playlist.name, summary: "", reducer: { UnlinkedPlaylist() },
      initialState: { Playlist.State() })
    let result = try unlinked.erased.replayer(for: reader).run(to: nil, skipping: [], progress: nil)
    let divergence = try #require(result.divergence)
    #expect(divergence.index == 4)
    #expect(divergence.label.contains("favoriteButtonTapped"))
    // The log's list has the song as a favorite; the replayed list does not. Each place is
    // compared by its value, though the replayed state holds two objects where the log held one.
    #expect(
      divergence.difference.diff == """
          Playlist.State(
            _songs: IdentifiedArray(
              Song(
                id: UUID(00000000-0000-0000-0000-000000000000),
                title: "Blue in Green",
                secondsPlayed: 0,
        -       isFavorite: true
        +       isFavorite: false
              ),
              Song(…),
              Song(…)
            ),
            _player: Player.State(…)
          )
        """)
    #expect(divergence.difference.expected["songs"]?[0]?["isFavorite"] == true)
    #expect(divergence.difference.actual["songs"]?[0]?["isFavorite"] == false)
    #expect(divergence.difference.actual["player"]?["song"]?["isFavorite"] == true)
  }
}
