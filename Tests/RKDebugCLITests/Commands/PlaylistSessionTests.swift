import Foundation
import Testing

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
