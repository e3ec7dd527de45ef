import Foundation
import GRDB

extension SessionReader {
  /// How many actions have a label containing `text` (ASCII letters in any case).
  public func actionCount(labelContaining text: String) throws -> Int {
    let matches = labelMatches
    return try log.read { db in
      try Int.fetchOne(
        db, sql: "SELECT count(*) FROM \(matches)",
        arguments: [session.id, Self.likePattern(containing: text)]) ?? 0
    }
  }

  /// The indices of the actions whose label contains `text`, skipping the first `offset`
  /// matches and returning at most `limit`: a window of a filtered list.
  public func actionIndices(
    labelContaining text: String, offset: Int, limit: Int
  ) throws -> [Int] {
    let matches = labelMatches
    return try log.read { db in
      try Int.fetchAll(
        db, sql: "SELECT idx FROM \(matches) ORDER BY idx LIMIT ? OFFSET ?",
        arguments: [session.id, Self.likePattern(containing: text), limit, offset])
    }
  }

  /// The rows of the session's actions whose label is `LIKE` the second argument: the few
  /// distinct labels are matched first and the actions found by their text id, rather than
  /// each action's label joined and matched.
  private var labelMatches: String {
    let columns = ActionTemplate.Columns(schemaVersion: log.schemaVersion)
    return """
      action_entry WHERE session_id = ? AND text_id IN (
        SELECT t.id FROM action_text AS t \(columns.join)
        WHERE \(columns.label) LIKE ? ESCAPE '\\')
      """
  }

  /// The indices of the actions each of `effects` emitted, by effect id, reading at most
  /// `scanLimit` actions.
  ///
  /// The log has no index from an effect to its actions; they follow the action that started
  /// it, so they are found by reading forwards from the first such action, up to the time the
  /// last of `effects` ended (to the session's end when one is still running). `complete` is
  /// false when the scan stopped at `scanLimit` first.
  public func emittedActions(
    of effects: [LoggedEffect], scanLimit: Int = 100_000
  ) throws -> (byEffect: [Int: [Int]], complete: Bool) {
    guard let first = effects.map(\.actionIndex).min() else { return ([:], true) }
    let ids = Set(effects.map(\.id))
    let ends = effects.map(\.endedAt)
    // An action an effect emits is logged before the effect ends; 1 ms covers clock rounding.
    let until = ends.contains(nil) ? nil : ends.compactMap { $0 }.max()?.addingTimeInterval(0.001)
    let start = try sessionStart()
    return try log.read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT idx, effect_id, time_us FROM action_entry
          WHERE session_id = ? AND idx > ? ORDER BY idx LIMIT ?
          """,
        arguments: [session.id, first, scanLimit])
      var byEffect: [Int: [Int]] = [:]
      var scanned = 0
      while let row = try rows.next() {
        if let until, Date(timeIntervalSince1970: LogSchema.time(row[2], after: start)) > until {
          return (byEffect, true)
        }
        scanned += 1
        if let effectID = row[1] as Int?, ids.contains(effectID) {
          byEffect[effectID, default: []].append(row[0])
        }
      }
      return (byEffect, scanned < scanLimit)
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
