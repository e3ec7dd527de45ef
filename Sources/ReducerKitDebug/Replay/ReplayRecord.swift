import GRDB

/// One logged action as replay needs it: its index, its JSON and its patch's text, read by
/// column position and without the label, source and timing that ``LoggedAction`` carries,
/// which replaying does not use. The patch is parsed only when its text is not the text of the
/// replayed change.
struct ReplayRecord {
  /// The action's index.
  var index: Int
  /// The action's `Codable` JSON.
  var json: String
  /// The state change the recording logged for it, as stored: a JSON array of compact
  /// operations (`action_entry.ops`).
  var patchText: String
  /// The values its reducer read from nondeterministic dependencies, as stored; `nil` when it
  /// read none.
  var readsText: String?

  /// The logged patch, parsed.
  func patch() throws -> [JSONPatchOperation] {
    do {
      var text = patchText
      var pointers = JSONPointerCache()
      return try text.withUTF8 { try [JSONPatchOperation](compactText: $0, pointers: &pointers) }
    } catch {
      throw LogError.corrupt("the patch of action \(index) does not parse: \(error)")
    }
  }

  /// The logged reads, parsed.
  func reads() throws -> [DependencyRead] {
    guard let readsText else { return [] }
    return try DependencyRead.reads(parsing: readsText, index: index)
  }

  /// The records of `reader`'s session with indices in `range`, in order.
  static func records(
    in range: ClosedRange<Int>, of reader: SessionReader
  ) throws -> [ReplayRecord] {
    let session = reader.session.id
    let reads =
      try reader.recordsInputs()
      ? "(SELECT reads FROM input AS i WHERE i.session_id = e.session_id AND i.idx = e.idx)"
      : "NULL"
    return try reader.log.read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT e.idx, t.json, e.ops, \(reads) FROM action_entry AS e
          JOIN action_text AS t ON t.id = e.text_id
          WHERE e.session_id = ? AND e.idx BETWEEN ? AND ? ORDER BY e.idx
          """,
        arguments: [session, range.lowerBound, range.upperBound]
      )
      var records: [ReplayRecord] = []
      records.reserveCapacity(range.count)
      while let row = try rows.next() {
        records.append(
          ReplayRecord(index: row[0], json: row[1], patchText: row[2], readsText: row[3])
        )
      }
      return records
    }
  }
}
