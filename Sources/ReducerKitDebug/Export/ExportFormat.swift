import Foundation

/// The JSON Lines of `rkdebug export` and `rkdebug import` (docs/cli-json.md).
///
/// The first line is the session: its metadata and initial state. Then one line per action,
/// in order, each followed by the lines of the effects its reducer returned:
///
/// ```
/// {"type":"session","format":"rkdebug-export","version":2,…,"initialState":{…}}
/// {"type":"action","index":1,"json":{"increment":{}},"label":"…","source":"send",…,"patch":[…]}
/// {"type":"effect","id":1,"actionIndex":1,"kind":"run","outcome":"finished",…}
/// ```
///
/// Times are Unix seconds (JSON numbers), as the log stores them, so an import keeps them
/// exactly. Version 2 adds `inputs`: the values the reducer read from nondeterministic
/// dependencies, as `[name, value]` pairs, on the session line (its calendar, locale and time
/// zone) and on the lines of the actions that read any.
package enum ExportFormat {
  /// The `format` member of the first line.
  package static let formatName = "rkdebug-export"
  /// The `version` member of the first line.
  package static let version = 2

  // MARK: - Writing

  /// The session line.
  package static func sessionLine(
    _ session: LoggedSession, metadata: JSONValue, initialState: JSONValue,
    environment: [DependencyRead]
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "type": "session",
      "format": .string(formatName),
      "version": JSONValue(version),
      "uuid": .string(session.uuid),
      "feature": .string(session.feature),
      "stateType": .string(session.stateType),
      "actionType": .string(session.actionType),
      "stateFingerprint": .string(session.stateFingerprint),
      "actionFingerprint": .string(session.actionFingerprint),
      "snapshotInterval": JSONValue(session.snapshotInterval),
      "durability": .string(session.durability),
      "startedAt": .unixTime(session.startedAt),
      "endedAt": .optional(session.endedAt, JSONValue.unixTime),
      "metadata": metadata,
      "actionCount": JSONValue(session.actionCount),
      "effectCount": JSONValue(session.effectCount),
      "initialState": initialState,
    ]
    if !environment.isEmpty { members["inputs"] = DependencyRead.json(of: environment) }
    return .object(members)
  }

  /// Appends an action line to `line`, written member by member in the order
  /// ``JSONValue/serialized(pretty:)`` sorts an object's keys, without building the object or
  /// the patch's operations: the longest part of an export.
  ///
  /// - Parameter texts: The `json` and `label` members of the action texts met so far.
  package static func appendActionLine(
    _ action: SessionReader.ActionRow, reads: [DependencyRead], reader: SessionReader,
    texts: inout ActionTextMembers, to line: inout [UInt8]
  ) throws {
    func append(_ text: String) { line += text.utf8 }
    append("{\"durationNanos\":")
    append(String(action.durationNanos))
    switch action.source {
    case .send: append(",\"effectID\":null")
    case .effect(let id, _): append(",\"effectID\":" + String(id))
    }
    append(",\"index\":")
    append(String(action.index))
    if !reads.isEmpty { append(",\"inputs\":" + DependencyRead.json(of: reads).serialized()) }
    append(try texts.members(of: action))
    switch action.source {
    case .send: append(",\"parentIndex\":null")
    case .effect(_, let parent): append(",\"parentIndex\":" + String(parent))
    }
    append(",\"patch\":")
    try reader.appendPatchJSON(of: action, to: &line)
    append(action.source == .send ? ",\"source\":\"send\"" : ",\"source\":\"effect\"")
    append(",\"time\":")
    append(text(of: .unixTime(action.time)))
    append(",\"type\":\"action\"}")
  }

  /// `value.serialized()`, without a writer for a number or `null`.
  package static func text(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .array([]): "[]"
    case .number(let text): text
    default: value.serialized()
    }
  }

  /// The `json` and `label` members of action lines, by the action's texts: a session repeats
  /// a few texts, whose members are then written once rather than per line.
  package struct ActionTextMembers {
    package init() {}

    /// The members by `action_text` id, found without hashing the texts.
    private var byTextID: [Int64: String] = [:]

    /// `,"json":…,"label":…` for `action`.
    package mutating func members(of action: SessionReader.ActionRow) throws -> String {
      if let id = action.textID, let text = byTextID[id] { return text }
      let text = try Self.members(index: action.index, json: action.json, label: action.label)
      guard let id = action.textID else { return text }
      // Bounded: a session of ever new actions (texts typed, rows by id) repeats few of them.
      if byTextID.count >= 4096 { byTextID.removeAll(keepingCapacity: true) }
      byTextID[id] = text
      return text
    }

    /// `,"json":…,"label":…` for the action at `index` with these texts.
    static func members(index: Int, json: String, label: String) throws -> String {
      let value: String
      do {
        value = try JSONValue.serialized(parsing: json)
      } catch {
        throw LogError.corrupt("the JSON of action \(index) does not parse: \(error)")
      }
      var writer = JSONValue.Writer(appendingTo: Array(",\"json\":".utf8))
      writer.bytes += value.utf8
      writer.writeLiteral(",\"label\":")
      writer.write(string: label)
      return String(decoding: writer.bytes, as: UTF8.self)
    }
  }

  /// An effect line, written member by member as
  /// ``appendActionLine(_:reads:reader:texts:to:)`` is.
  package static func effectLine(_ effect: LoggedEffect) -> String {
    var line = "{\"actionIndex\":"
    line.reserveCapacity(192)
    line += String(effect.actionIndex)
    line += ",\"cancelCause\":" + (effect.cancelCause.map { "\"\($0.rawValue)\"" } ?? "null")
    line += ",\"cancelIDs\":"
    line += text(of: .array(effect.cancelIDs.map(JSONValue.string)))
    line += ",\"cancelledBy\":" + (effect.cancelledBy.map { String($0) } ?? "null")
    line += ",\"endedAt\":" + text(of: .optional(effect.endedAt, JSONValue.unixTime))
    line += ",\"error\":" + text(of: .optional(effect.error, JSONValue.string))
    line += ",\"id\":" + String(effect.id)
    line += ",\"kind\":" + JSONValue.string(effect.kind).serialized()
    line += ",\"outcome\":" + (effect.outcome.map { "\"\($0.rawValue)\"" } ?? "null")
    line += ",\"startedAt\":" + text(of: .unixTime(effect.startedAt))
    line += ",\"type\":\"effect\"}"
    return line
  }
}
