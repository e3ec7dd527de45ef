import ReducerKitDebug

@testable import RKDebugCLI

/// A session imported from an initial state and one patch per action, for shapes no sample
/// records: an enum's case beside a member added later, a `move` from anywhere.
struct PatchedSession {
  let folder: TemporaryDirectory
  /// The imported session.
  let reader: SessionReader

  /// Imports a session whose initial state is `initialState` (JSON) and whose action N has
  /// `patches[N - 1]` (a JSON array of operations, compact or RFC 6902).
  init(initialState: String, patches: [String]) throws {
    var text = """
      {"type":"session","format":"rkdebug-export","version":1,"uuid":"U","feature":"f",\
      "stateType":"M.S","actionType":"M.A","stateFingerprint":"0","actionFingerprint":"1",\
      "snapshotInterval":100,"durability":"buffered","startedAt":1700000000,"endedAt":null,\
      "metadata":{},"initialState":\(initialState)}

      """
    for (offset, patch) in patches.enumerated() {
      text += """
        {"type":"action","index":\(offset + 1),"json":{"a":{}},"label":"A.a","source":"send",\
        "effectID":null,"parentIndex":null,"time":1700000001,"durationNanos":1,"patch":\(patch)}

        """
    }
    folder = try TemporaryDirectory()
    let log = try ActionLog(path: folder.path("log.sqlite"))
    let id = try log.importSession(ExportFormat.read(text, source: "t.jsonl"))
    reader = try log.reader(session: id)
  }

  /// The state at each index, each rebuilt on its own.
  func states() throws -> [JSONValue] {
    try (0...reader.actionCount).map { try reader.stateJSON(at: $0) }
  }
}
