import Foundation
import ReducerKitDebug
import Testing

/// A log holding what no recorder writes but a file may: a session recorded by `rkdebug
/// record`, exported, changed line by line, and imported into `crafted.sqlite`.
struct CraftedLog {
  let folder: TemporaryDirectory
  /// The imported log's path.
  let path: String

  /// Records `actions` (JSON Lines) of `feature`, exports the session, lets `edit` change the
  /// export's lines (the session line first) and imports them.
  init(
    feature: String, actions: [String], logName: String = "crafted.sqlite",
    edit: (inout [JSONValue]) throws -> Void
  ) throws {
    folder = try TemporaryDirectory()
    let actionsFile = try folder.write(actions.joined(separator: "\n") + "\n", to: "in.jsonl")
    let recorded = folder.path("recorded.sqlite")
    let record = try RKDebugProcess.run(
      ["record", "--db", recorded, "--feature", feature, "--actions", actionsFile])
    try #require(record.status == 0, "\(record.stderr)")
    let export = try RKDebugProcess.run(["export", "--db", recorded])
    try #require(export.status == 0, "\(export.stderr)")
    var lines = try export.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    try edit(&lines)
    let file = try folder.write(
      lines.map { $0.serialized() }.joined(separator: "\n") + "\n", to: "crafted.jsonl")
    path = folder.path(logName)
    let imported = try RKDebugProcess.run(["import", "--db", path, file])
    try #require(imported.status == 0, "\(imported.stderr)")
  }
}

extension JSONValue {
  /// This value with the member at `keys` (object member names, or array offsets as
  /// numbers) set to `value`.
  func setting(_ keys: [String], to value: JSONValue) -> JSONValue {
    guard let key = keys.first else { return value }
    switch self {
    case var .object(members):
      members[key] = (members[key] ?? .null).setting(Array(keys.dropFirst()), to: value)
      return .object(members)
    case var .array(elements):
      let offset = Int(key)!
      elements[offset] = elements[offset].setting(Array(keys.dropFirst()), to: value)
      return .array(elements)
    default:
      return self
    }
  }
}
