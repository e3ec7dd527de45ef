import Foundation
import ReducerKitDebug

/// A state to load into a running app, read from a log or from `rkdebug export` lines: a
/// user's bug report.
struct LoadedState {
  var json: JSONValue
  /// Where it comes from, for the log's entry: `report.jsonl at 12`.
  var source: String

  /// The state after entry `index` (the last when `nil`) of the newest session of `file`.
  static func read(file: String, index: Int?) throws -> LoadedState {
    guard FileManager.default.fileExists(atPath: file) else {
      throw RKDebugError("no file at \(file); give a log or an export (rkdebug export)")
    }
    if try isSQLite(file) {
      return try read(reader: try ActionLog.readOnly(path: file).reader(), file: file, index: index)
    }
    // An export: imported into a log of its own, read, and removed.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-load-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("loaded.sqlite").path
    let lines = ExportFormat.Reader(source: file, nextLine: try LineReader(file: file).next)
    let id = try SessionImporter.importSession(from: lines, source: file, into: path)
    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    return try read(reader: try log.reader(session: id), file: file, index: index)
  }

  private static func read(reader: SessionReader, file: String, index: Int?) throws
    -> LoadedState
  {
    let index = index ?? reader.actionCount
    guard index <= reader.actionCount else {
      throw RKDebugError(
        "\(file) has no entry \(index): its session's entries are 0…\(reader.actionCount)")
    }
    return LoadedState(
      json: try reader.stateJSON(at: index), source: "\(file) at \(index)")
  }

  private static func isSQLite(_ file: String) throws -> Bool {
    guard let handle = FileHandle(forReadingAtPath: file) else {
      throw RKDebugError("cannot read \(file)")
    }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    return header == Data("SQLite format 3\u{0}".utf8)
  }
}
