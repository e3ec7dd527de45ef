import Foundation
import ReducerKitDebug

/// What the collector checks in a batch once its lines read, before anything reaches a store
/// (docs/collector.md, "What a batch may hold"): each refusal is a 422 naming the place, and
/// nothing of the batch is stored. The same on both stores, so that a batch one stores the
/// other stores too, and every row stored is one a read returns.
///
/// - The session is named by a UUID: its export is fetched by it (`/v1/sessions/UUID/export`).
/// - Text columns (names, labels, an effect's error) and the metadata, which PostgreSQL's
///   `text` and `jsonb` cannot hold, hold no NUL (U+0000). JSON documents (states, actions,
///   patches, inputs) may: `json` columns keep them as sent, escaped.
/// - Indices, effect ids and the snapshot interval fit PostgreSQL's `integer`.
/// - (Times and durations are checked as the lines are read: ``ExportFormat/RefusedValue``.)
enum CollectorBatchCheck {
  /// The largest index, effect id or snapshot interval: PostgreSQL's `integer`.
  static let largestInteger = Int(Int32.max)

  /// Throws a 422 naming the first thing the collector does not store.
  static func check(_ header: SessionImport, items: [SessionImport.Item]) throws {
    guard isUUID(header.uuid) else {
      throw refusal(
        "the session's \"uuid\" \(quoted(header.uuid)) is not a UUID "
          + "(XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX, hexadecimal)")
    }
    let session = "session \(header.uuid)"
    for (name, text) in [
      ("feature", header.feature), ("stateType", header.stateType),
      ("actionType", header.actionType), ("stateFingerprint", header.stateFingerprint),
      ("actionFingerprint", header.actionFingerprint), ("durability", header.durability),
    ] where text.utf8.contains(0) {
      throw refusal("\(session): \(nul(in: "\"\(name)\""))")
    }
    if let place = nulPlace(in: header.metadata, at: "\"metadata\"") {
      throw refusal("\(session): \(nul(in: place))")
    }
    try integer(header.snapshotInterval, "\"snapshotInterval\"", of: session)
    for item in items {
      switch item {
      case .action(let action, _):
        let place = "\(session): action \(action.index)"
        try integer(action.index, "\"index\"", of: place)
        if case .effect(let effectID, let parentIndex) = action.source {
          try integer(effectID, "\"effectID\"", of: place)
          try integer(parentIndex, "\"parentIndex\"", of: place)
        }
        if action.label.utf8.contains(0) { throw refusal("\(place): \(nul(in: "\"label\""))") }
      case .effect(let effect):
        let place = "\(session): effect #\(effect.id)"
        try integer(effect.id, "\"id\"", of: place)
        try integer(effect.actionIndex, "\"actionIndex\"", of: place)
        if let cancelledBy = effect.cancelledBy {
          try integer(cancelledBy, "\"cancelledBy\"", of: place)
        }
        if effect.error?.utf8.contains(0) == true {
          throw refusal("\(place): \(nul(in: "\"error\""))")
        }
        if effect.kind.utf8.contains(0) { throw refusal("\(place): \(nul(in: "\"kind\""))") }
      }
    }
  }

  /// Whether `text` is a UUID, 36 characters: `UUID(uuidString:)` alone reads the text as a C
  /// string on Linux, and takes a UUID followed by a NUL and anything for the UUID.
  static func isUUID(_ text: String) -> Bool {
    text.utf8.count == 36 && UUID(uuidString: text) != nil
  }

  /// Throws a 422 unless every line of `body` is UTF-8, naming the first that is not: the
  /// collector refuses such text rather than store U+FFFD in place of the bytes sent (JSON is
  /// UTF-8, and PostgreSQL's `text` and `json` hold nothing else).
  static func checkUTF8(_ body: some Collection<UInt8>) throws {
    let bytes = Array(body)
    if String(validating: bytes, as: UTF8.self) != nil { return }
    for (offset, line) in bytes.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
    ).enumerated() where String(validating: line, as: UTF8.self) == nil {
      throw refusal("line \(offset + 1) of batch: not UTF-8 text")
    }
  }

  /// The place of the first NUL in a key or string of `value`, which sits at `place`.
  static func nulPlace(in value: JSONValue, at place: String) -> String? {
    switch value {
    case .string(let text):
      return text.utf8.contains(0) ? place : nil
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        if let found = nulPlace(in: element, at: "\(place)[\(index)]") { return found }
      }
      return nil
    case .object(let members):
      for key in members.keys.sorted() {
        let keyPlace = "\(place) key \(quoted(key))"
        if key.utf8.contains(0) { return keyPlace }
        if let found = nulPlace(in: members[key]!, at: "\(place).\(quoted(key))") {
          return found
        }
      }
      return nil
    default:
      return nil
    }
  }

  private static func integer(_ value: Int, _ name: String, of place: String) throws {
    guard value <= largestInteger, value >= -largestInteger else {
      throw refusal("\(place): \(name) is \(value), past the collector's \(largestInteger)")
    }
  }

  private static func nul(in place: String) -> String {
    "\(place) holds a NUL character (U+0000), which the collector does not store"
  }

  /// `text` as a JSON string, shortened to 40 characters: a message never echoes a huge value.
  private static func quoted(_ text: String) -> String {
    let shown = text.count <= 40 ? text : text.prefix(40) + "…"
    return JSONValue.string(shown).serialized()
  }

  private static func refusal(_ message: String) -> CollectorHTTPError {
    CollectorHTTPError(.unprocessableContent, message + "; nothing of the batch was stored")
  }
}
