import GRDB

/// Reads action texts by `action_text` id in a log of any schema, filling in a template's
/// placeholders (``ActionTemplate``); each template is read once.
struct ActionTextLookup {
  private let texts: DirectStatement
  private let templateTexts: DirectStatement?
  /// The templates read, by `action_template` id.
  private var templates: [Int64: (json: [UInt8], label: [UInt8])] = [:]

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
    var found: (json: String, label: String)?
    var template: (id: Int64, arguments: [[UInt8]])?
    try texts.forEachRow(db, integers: [id]) { row in
      if !row.isNull(0), !row.isNull(1) {
        found = (
          String(decoding: row.text(0), as: UTF8.self),
          String(decoding: row.text(1), as: UTF8.self)
        )
      } else if !row.isNull(2), !row.isNull(3),
        let arguments = ActionTemplate.arguments(fromJSON: row.text(3))
      {
        template = (Int64(row.int(2)), arguments)
      }
    }
    guard let template else { return found }
    guard let texts = try self.template(template.id, db) else { return nil }
    var json: [UInt8] = []
    var label: [UInt8] = []
    ActionTemplate.fill(texts.json, with: template.arguments, into: &json)
    ActionTemplate.fill(texts.label, with: template.arguments, into: &label)
    return (String(decoding: json, as: UTF8.self), String(decoding: label, as: UTF8.self))
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
