import GRDB

extension SessionReader {
  /// How many actions have a label containing `text` (ASCII letters in any case).
  public func actionCount(labelContaining text: String) throws -> Int {
    try log.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM action WHERE session_id = ? AND label LIKE ? ESCAPE '\\'",
        arguments: [session.id, Self.likePattern(containing: text)]) ?? 0
    }
  }

  /// The indices of the actions whose label contains `text`, skipping the first `offset`
  /// matches and returning at most `limit`: a window of a filtered list.
  public func actionIndices(
    labelContaining text: String, offset: Int, limit: Int
  ) throws -> [Int] {
    try log.read { db in
      try Int.fetchAll(
        db,
        sql: """
          SELECT idx FROM action WHERE session_id = ? AND label LIKE ? ESCAPE '\\'
          ORDER BY idx LIMIT ? OFFSET ?
          """,
        arguments: [session.id, Self.likePattern(containing: text), limit, offset])
    }
  }

  /// The indices of the actions each effect started by an action in `range` emitted, by
  /// effect id, looking at most `scanLimit` actions past the range's start.
  ///
  /// The log has no index from an effect to its actions; they follow the action that started
  /// it, so they are found by reading forwards. `complete` is false when the scan stopped
  /// at `scanLimit` before the session's end.
  public func emittedActions(
    ofEffectsStartedIn range: ClosedRange<Int>, scanLimit: Int = 100_000
  ) throws -> (byEffect: [Int: [Int]], complete: Bool) {
    try log.read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT idx, effect_id, parent_idx FROM action
          WHERE session_id = ? AND idx > ? ORDER BY idx LIMIT ?
          """,
        arguments: [session.id, range.lowerBound, scanLimit])
      var byEffect: [Int: [Int]] = [:]
      var scanned = 0
      while let row = try rows.next() {
        scanned += 1
        guard let effectID = row[1] as Int?, let parent = row[2] as Int?,
          range.contains(parent)
        else { continue }
        byEffect[effectID, default: []].append(row[0])
      }
      return (byEffect, scanned < scanLimit || range.lowerBound + scanned >= actionCount)
    }
  }

  /// A `LIKE` pattern matching any text that contains `text`, with `%`, `_` and `\` escaped.
  private static func likePattern(containing text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return "%" + escaped + "%"
  }
}
