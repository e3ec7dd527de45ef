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
    func append(_ text: StaticString) {
      line.append(
        contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
    func append(_ number: some BinaryInteger) {
      JSONFragmentEncoder.appendInteger(Int(number), to: &line)
    }
    append("{\"durationNanos\":")
    append(action.durationNanos)
    switch action.source {
    case .send: append(",\"effectID\":null")
    case .effect(let id, _):
      append(",\"effectID\":")
      append(id)
    }
    append(",\"index\":")
    append(action.index)
    if !reads.isEmpty {
      append(",\"inputs\":")
      line += DependencyRead.json(of: reads).serialized().utf8
    }
    try texts.append(of: action, to: &line)
    switch action.source {
    case .send: append(",\"parentIndex\":null")
    case .effect(_, let parent):
      append(",\"parentIndex\":")
      append(parent)
    }
    append(",\"patch\":")
    try reader.appendPatchJSON(of: action, to: &line)
    append(action.source == .send ? ",\"source\":\"send\"" : ",\"source\":\"effect\"")
    append(",\"time\":")
    appendUnixTime(action.time, to: &line)
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
    private var byTextID: [Int64: [UInt8]] = [:]

    /// Appends `,"json":…,"label":…` for `action` to `line`.
    package mutating func append(of action: SessionReader.ActionRow, to line: inout [UInt8])
      throws
    {
      if let id = action.textID, let members = byTextID[id] {
        line += members
        return
      }
      let start = line.count
      try action.withTexts { json, label in
        try Self.append(index: action.index, json: json, label: label, to: &line)
      }
      guard let id = action.textID else { return }
      // Bounded: a session of ever new actions (texts typed, rows by id) repeats few of them.
      if byTextID.count >= 4096 { byTextID.removeAll(keepingCapacity: true) }
      byTextID[id] = Array(line[start...])
    }

    /// Appends `,"json":…,"label":…` for the action at `index` with these texts to `line`:
    /// the JSON copied as it is when it is already written as the export writes it.
    static func append(
      index: Int, json: UnsafeBufferPointer<UInt8>, label: UnsafeBufferPointer<UInt8>,
      to line: inout [UInt8]
    ) throws {
      var writer = JSONValue.Writer(appendingTo: [])
      swap(&writer.bytes, &line)
      defer { swap(&writer.bytes, &line) }
      writer.writeLiteral(",\"json\":")
      var parser = JSONValue.Parser(input: json)
      if let text = parser.canonicalValueText(depth: 0), text.count == json.count {
        writer.writeRaw(text)
      } else {
        do {
          writer.write(try JSONValue(parsing: json))
        } catch {
          throw LogError.corrupt("the JSON of action \(index) does not parse: \(error)")
        }
      }
      writer.writeLiteral(",\"label\":")
      writer.write(string: String(decoding: label, as: UTF8.self))
    }
  }

  /// Appends an effect line to `line`, written member by member as
  /// ``appendActionLine(_:reads:reader:texts:to:)`` writes an action's.
  package static func appendEffectLine(_ effect: LoggedEffect, to line: inout [UInt8]) {
    var writer = JSONValue.Writer(appendingTo: [])
    swap(&writer.bytes, &line)
    defer { swap(&writer.bytes, &line) }
    // A member's value, or `null`.
    func write(_ string: String?) {
      if let string { writer.write(string: string) } else { writer.writeLiteral("null") }
    }
    func write(_ integer: Int?) {
      if let integer {
        JSONFragmentEncoder.appendInteger(integer, to: &writer.bytes)
      } else {
        writer.writeLiteral("null")
      }
    }
    writer.writeLiteral("{\"actionIndex\":")
    write(effect.actionIndex)
    writer.writeLiteral(",\"cancelCause\":")
    write(effect.cancelCause?.rawValue)
    writer.writeLiteral(",\"cancelIDs\":")
    writer.write(.array(effect.cancelIDs.map(JSONValue.string)))
    writer.writeLiteral(",\"cancelledBy\":")
    write(effect.cancelledBy)
    writer.writeLiteral(",\"endedAt\":")
    appendUnixTime(effect.endedAt, to: &writer.bytes)
    writer.writeLiteral(",\"error\":")
    write(effect.error)
    writer.writeLiteral(",\"id\":")
    write(effect.id)
    writer.writeLiteral(",\"kind\":")
    write(effect.kind)
    writer.writeLiteral(",\"outcome\":")
    write(effect.outcome?.rawValue)
    writer.writeLiteral(",\"startedAt\":")
    appendUnixTime(effect.startedAt, to: &writer.bytes)
    writer.writeLiteral(",\"type\":\"effect\"}")
  }

  /// Appends `date` as ``JSONValue/unixTime(_:)`` writes it, `null` for `nil`, without the
  /// value.
  static func appendUnixTime(_ date: Date?, to bytes: inout [UInt8]) {
    guard let seconds = date?.timeIntervalSince1970, seconds.isFinite else {
      bytes += "null".utf8
      return
    }
    var text = seconds.description
    text.withUTF8 { utf8 in
      // As ``JSONValue/init(_:)`` writes a Double: `3`, not `3.0`.
      let whole = utf8.count > 2 && utf8[utf8.count - 2] == UInt8(ascii: ".")
        && utf8[utf8.count - 1] == UInt8(ascii: "0")
      bytes += whole ? UnsafeBufferPointer(rebasing: utf8.dropLast(2)) : utf8
    }
  }
}
