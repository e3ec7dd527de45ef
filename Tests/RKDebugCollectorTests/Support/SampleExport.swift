import Foundation
import ReducerKitDebug

@testable import RKDebugCLI

/// A recorded sample session (Tests/ReducerKitSamplesTests/Fixtures, made by `rkdebug record`)
/// as `rkdebug export` writes it, and read back as `rkdebug import` reads it.
struct SampleExport {
  /// The export's text.
  let text: String
  /// Its session line.
  let header: SessionImport
  /// Its actions and effects, in the order of the lines.
  let items: [SessionImport.Item]

  /// The export of the fixture `name` (`library`, `todos`…).
  static func fixture(_ name: String) async throws -> SampleExport {
    let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ReducerKitSamplesTests/Fixtures")
    // A copy: reading a log may leave -wal and -shm files beside it.
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let copy = directory.appendingPathComponent("\(name).sqlite").path
    try FileManager.default.copyItem(
      atPath: fixtures.appendingPathComponent("\(name).sqlite").path, toPath: copy)
    return try SampleExport(text: await export(logAt: copy))
  }

  init(text: String) throws {
    self.text = text
    let reader = ExportFormat.Reader(source: "export", text: text)
    header = try reader.session()
    var items: [SessionImport.Item] = []
    while let item = try reader.next() { items.append(item) }
    self.items = items
  }

  /// The session's actions, in order.
  var actionsOfItems: [LoggedAction] {
    items.compactMap { if case .action(let action, _) = $0 { action } else { nil } }
  }

  /// The number of the session's actions.
  var actionCount: Int {
    items.count { if case .action = $0 { true } else { false } }
  }

  /// The items up to and including action `index` and its effects, and the rest.
  func split(afterAction index: Int) -> ([SessionImport.Item], [SessionImport.Item]) {
    let cut =
      items.firstIndex {
        if case .action(let action, _) = $0 { action.index > index } else { false }
      } ?? items.endIndex
    return (Array(items[..<cut]), Array(items[cut...]))
  }

  /// What `rkdebug export` writes for session 1 of the log at `path`.
  static func export(logAt path: String) async throws -> String {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let output = directory.appendingPathComponent("export.jsonl").path
    let command = try ExportCommand.parse(["--db", path, "--session", "1", "--output", output])
    try await command.run()
    return try String(contentsOfFile: output, encoding: .utf8)
  }

  /// What `rkdebug export` writes for `session` once imported into a new local log: what a
  /// session read back from the collector exports as.
  static func export(of session: SessionImport) async throws -> String {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("pulled.sqlite").path
    let log = try ActionLog(path: path)
    try log.importSession(session)
    try log.close()
    return try await export(logAt: path)
  }

  private static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-collector-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
