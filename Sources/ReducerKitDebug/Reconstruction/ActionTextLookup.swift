import GRDB

/// Reads action texts by `action_text` id in a log of any schema, filling in a template's
/// placeholders (``ActionTemplate``); each template is read once.
struct ActionTextLookup {
  private let texts: DirectStatement
  private let templateTexts: DirectStatement?
  /// The templates read, by `action_template` id.
  private var templates: [Int64: (json: [UInt8], label: [UInt8])] = [:]
  /// The texts of the last template filled, reused from one action to the next.
  private var filledJSON: [UInt8] = []
  private var filledLabel: [UInt8] = []

  /// Prepares the lookup's statements on `db`, for a log of schema `version`.
  init(_ db: Database, schemaVersion version: Int) throws {
    if version >= 8 {
      texts = try DirectStatement(
        db, sql: "SELECT json, label, template_id, args FROM action_text WHERE id = ?")
      templateTexts = try DirectStatement(
        db, sql: "SELECT json, label FROM action_template WHERE id = ?")
    } else {
      texts = try DirectStatement(
        db, sql: "SELECT json, label, NULL, NULL FROM action_text WHERE id = ?")
      templateTexts = nil
    }
  }

  /// The JSON and label of the `action_text` row `id`; `nil` when it or its template is
  /// missing.
  mutating func texts(id: Int64, _ db: Database) throws -> (json: String, label: String)? {
    try withTexts(id: id, db) { json, label in
      (String(decoding: json, as: UTF8.self), String(decoding: label, as: UTF8.self))
    }
  }

  /// Calls `body` with the UTF-8 JSON and label of the `action_text` row `id`, read in place
  /// or filled into the lookup's buffers, valid during the call; `nil` when the row or its
  /// template is missing. For a walk that copies the texts out once (`rkdebug export`).
  mutating func withTexts<Result>(
    id: Int64, _ db: Database,
    _ body: (_ json: UnsafeBufferPointer<UInt8>, _ label: UnsafeBufferPointer<UInt8>) throws ->
      Result
  ) throws -> Result? {
    var found: Result?
    var template: (id: Int64, arguments: [[UInt8]])?
    try texts.forEachRow(db, integers: [id]) { row in
      if !row.isNull(0), !row.isNull(1) {
        found = try body(row.text(0), row.text(1))
      } else if !row.isNull(2), !row.isNull(3),
        let arguments = ActionTemplate.arguments(fromJSON: row.text(3))
      {
        template = (Int64(row.int(2)), arguments)
      }
    }
    guard let template else { return found }
    guard let texts = try self.template(template.id, db) else { return nil }
    filledJSON.removeAll(keepingCapacity: true)
    filledLabel.removeAll(keepingCapacity: true)
    ActionTemplate.fill(texts.json, with: template.arguments, into: &filledJSON)
    ActionTemplate.fill(texts.label, with: template.arguments, into: &filledLabel)
    return try filledJSON.withUnsafeBufferPointer { json in
      try filledLabel.withUnsafeBufferPointer { label in try body(json, label) }
    }
  }

  /// Replaces `label` with the label of template `id` filled with the arguments `arguments`
  /// (the UTF-8 of a stored `args`); false when the template is missing or the arguments do
  /// not parse.
  mutating func label(
    template id: Int64, arguments: UnsafeBufferPointer<UInt8>, into label: inout [UInt8],
    _ db: Database
  ) throws -> Bool {
    guard let arguments = ActionTemplate.arguments(fromJSON: arguments),
      let texts = try template(id, db)
    else { return false }
    label.removeAll(keepingCapacity: true)
    ActionTemplate.fill(texts.label, with: arguments, into: &label)
    return true
  }

  /// The texts of the `action_template` row `id`, read once.
  private mutating func template(
    _ id: Int64, _ db: Database
  ) throws -> (json: [UInt8], label: [UInt8])? {
    if let texts = templates[id] { return texts }
    guard let templateTexts else { return nil }
    var found: (json: [UInt8], label: [UInt8])?
    try templateTexts.forEachRow(db, integers: [id]) { row in
      guard !row.isNull(0), !row.isNull(1) else { return }
      found = (Array(row.text(0)), Array(row.text(1)))
    }
    guard let found else { return nil }
    // Bounded: an app has as many templates as shapes of actions, a few hundred.
    if templates.count >= 4096 { templates.removeAll(keepingCapacity: true) }
    templates[id] = found
    return found
  }
}
