import Foundation
import ReducerKitDebug

/// A state to load into a running app, read from a log, from `rkdebug export` lines or from a
/// page `rkdebug ui --export` wrote: a user's bug report.
struct LoadedState {
  var json: JSONValue
  /// Where it comes from, for the log's entry: `report.jsonl at 12`.
  var source: String

  /// The state after entry `index` (the last when `nil`) of the newest session of `file`, or
  /// of the window of a page.
  static func read(file: String, index: Int?) throws -> LoadedState {
    guard FileManager.default.fileExists(atPath: file) else {
      throw RKDebugError(
        "no file at \(file); give a log, an export (rkdebug export) or an exported page")
    }
    if file.lowercased().hasSuffix(".html") { return try readPage(file: file, index: index) }
    if ActionLog.hasSQLiteHeader(at: file) {
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

  /// The state after `index` of the window a page of `ui --export` holds: its base state (the
  /// state before the window) and each action's patch.
  private static func readPage(file: String, index: Int?) throws -> LoadedState {
    let text = try SmallTextFile.read(file, description: "the page", limit: 256 << 20)
    let opening = #"<script type="application/json" id="rk-data">"#
    guard let start = text.range(of: opening),
      let end = text.range(of: "</script>", range: start.upperBound..<text.endIndex),
      case let .object(data)? = try? JSONValue(
        parsing: String(text[start.upperBound..<end.lowerBound])),
      var state = data["base"], let first = data["from"]?.intValue,
      let last = data["to"]?.intValue, let actions = data["actions"]?.arrayValue
    else { throw RKDebugError("\(file) is not a page rkdebug ui --export wrote") }
    let index = index ?? last
    guard (first - 1...max(first - 1, last)).contains(index) else {
      throw RKDebugError(
        "\(file) holds the states \(first - 1)…\(last) of its session, not \(index)")
    }
    do {
      for action in actions.prefix(index - first + 1) {
        let patch = try (action.objectValue?["patch"]?.arrayValue ?? [])
          .map(JSONPatchOperation.init(jsonValue:))
        try state.apply(patch)
      }
    } catch {
      throw RKDebugError("\(file) holds a patch that does not apply: \(error)")
    }
    return LoadedState(json: state, source: "\(file) at \(index)")
  }
}
