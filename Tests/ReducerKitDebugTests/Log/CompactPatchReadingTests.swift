import Foundation
import GRDB
import ReducerKit
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

/// A reconstruction reads each action's patch straight from `action_entry.ops`, the compact
/// form, instead of through the `action` view. Both must give the same operations, for every
/// form the log holds, and a broken row must be reported, not skipped.
@MainActor
@Suite struct CompactPatchReadingTests {
  let directory = TemporaryDirectory()

  /// A log whose actions were inserted through the `action` view with RFC 6902 patches, so
  /// that its trigger wrote the compact rows: every compact form, the forms kept as objects,
  /// and paths and values that need escaping.
  func logWithEveryForm() throws -> String {
    let path = directory.path("forms.sqlite")
    let log = try ActionLog(path: path)
    try log.close()
    let patches = [
      #"[{"op":"replace","path":"/volume","value":3,"old":0}]"#,
      #"[{"op":"add","path":"/a~1b","value":{"x":[1,2.5,null]}},{"op":"add","path":"/m~0n","value":"\"é\"\n"}]"#,
      #"[{"op":"replace","path":"/a~1b/x/1","value":true,"old":2.5},{"op":"remove","path":"/m~0n","old":"\"é\"\n"}]"#,
      #"[{"op":"move","from":"/a~1b","path":"/c"},{"op":"replace","path":"/volume","value":4}]"#,
      #"[{"op":"add","path":"/volume","value":5,"old":4},{"op":"copy","from":"/c","path":"/d"},{"op":"test","path":"/volume","value":5}]"#,
      #"[]"#,
    ]
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try insertSessionOne(db, feature: "forms")
      try db.execute(sql: #"INSERT INTO snapshot VALUES (1, 0, '{"volume":0}')"#)
      for (offset, patch) in patches.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO action (session_id, idx, json, label, source, time, duration_ns, patch)
            VALUES (1, ?, '{"step":{}}', 'A.step', 'send', 1700000001.0, 10, ?)
            """,
          arguments: [offset + 1, patch])
      }
    }
    try database.close()
    return path
  }

  @Test func theCompactRowsReadAsTheViewShowsThem() throws {
    let path = try logWithEveryForm()
    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    let reader = try log.reader(session: 1)
    let fromView = try reader.actions().map(\.patch)
    #expect(fromView.count == 6)
    #expect(try reader.patches(in: 1...6) == fromView)
    #expect(try reader.patches(in: 3...4) == Array(fromView[2...3]))
    // The compact rows really are compact, so the comparison covers both kinds.
    let ops = try log.read { db in
      try String.fetchAll(db, sql: "SELECT ops FROM action_entry ORDER BY idx")
    }
    #expect(ops[0] == #"[["=","/volume",3,0]]"#)
    #expect(ops[3].hasPrefix(#"[{"op":"move""#))
  }

  @Test func patchesAreWalkedInChunksAndActionsFetchedByIndex() throws {
    let path = try logWithEveryForm()
    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    let reader = try log.reader(session: 1)
    let all = try reader.actions()
    var walked: [(Int, [JSONPatchOperation])] = []
    try reader.forEachPatch(chunkSize: 4) { index, patch in
      // The body may read the log while the walk goes on.
      let volume = try reader.stateJSON(at: index)["volume"]
      #expect(volume != nil)
      walked.append((index, patch))
    }
    #expect(walked.map(\.0) == Array(1...6))
    #expect(walked.map(\.1) == all.map(\.patch))
    var part: [Int] = []
    try reader.forEachPatch(in: 2...3, chunkSize: 1) { index, _ in part.append(index) }
    #expect(part == [2, 3])
    #expect(throws: LogError.self) { try reader.forEachPatch(in: 5...7) { _, _ in } }

    var actions: [LoggedAction] = []
    try reader.forEachAction(chunkSize: 4) { actions.append($0) }
    #expect(actions == all)
    var someActions: [Int] = []
    try reader.forEachAction(in: 2...5, chunkSize: 3) { someActions.append($0.index) }
    #expect(someActions == [2, 3, 4, 5])
    #expect(throws: LogError.self) { try reader.forEachAction(in: 0...2) { _ in } }

    let picked = try reader.actions(at: [5, 2, 5])
    #expect(picked.map(\.index) == [2, 5])
    #expect(picked.map(\.patch) == [all[1].patch, all[4].patch])
    #expect(throws: LogError.self) { try reader.actions(at: [7]) }
  }

  /// Actions are read from the compact tables too, and must equal what the documented view
  /// gives, field for field: sources, times and patches of a session with effects.
  @Test func actionsFromTheCompactTablesEqualTheViewsRows() async throws {
    let path = directory.path("recorded.sqlite")
    let log = try ActionLog(path: path)
    let store = Store<Playlist>(
      initialState: Playlist.State(), reducer: Playlist().recording(to: log, snapshotInterval: 9)
    )
    var rng = SplitMix64(seed: 7)
    for _ in 0..<200 {
      await store.send(Playlist.randomAction(for: store.state, using: &rng)).finish()
    }
    try log.close()

    let reader = try log.reader()
    let viaView = try log.read { db in
      try Row.fetchAll(
        db,
        sql: "SELECT \(LoggedAction.selection) FROM action WHERE session_id = ? ORDER BY idx",
        arguments: [reader.session.id]
      ).map { try LoggedAction(row: $0) }
    }
    #expect(viaView.count == reader.actionCount)
    #expect(viaView.contains { if case .effect = $0.source { true } else { false } })
    #expect(try reader.actions() == viaView)
    #expect(try reader.actions(in: 50...60) == Array(viaView[49...59]))
    #expect(try reader.actions(at: [120, 3]) == [viaView[2], viaView[119]])
  }

  @Test func anActionWithoutItsTextIsReportedAsCorrupt() throws {
    let path = try logWithEveryForm()
    // The log's own connection does not enforce foreign keys; this one must not either.
    let database = try DatabaseQueue(path: path)
    try database.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA foreign_keys = OFF")
      try db.execute(sql: "DELETE FROM action_text")
    }
    try database.close()
    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    let error = #expect(throws: LogError.self) { try log.reader(session: 1).actions() }
    #expect(
      error.map(String.init(describing:))?.contains("the text of action 1 is missing") == true,
      "\(String(describing: error))")
  }

  @Test func aSchemaOneLogIsReadFromItsActionTable() throws {
    let path = directory.path("v1.sqlite")
    try writeOldLog(at: path, upTo: "v1: sessions, actions, effects, snapshots", version: 1) { db in
      try insertSessionOne(db, feature: "v1")
      try db.execute(
        sql: """
          INSERT INTO snapshot VALUES (1, 0, '{"volume":0}');
          INSERT INTO action VALUES (1, 1, '{}', 'A.up', 'send', NULL, NULL, 1700000001.0, 9,
            '[{"op":"replace","path":"/volume","value":1,"old":0}]');
          INSERT INTO action VALUES (1, 2, '{}', 'A.up', 'send', NULL, NULL, 1700000002.0, 9,
            '[{"op":"replace","path":"/volume","value":2,"old":1}]');
          """)
    }

    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    let reader = try log.reader(session: 1)
    #expect(try reader.stateJSON(at: 2) == JSONValue.object(["volume": 2]))
    #expect(try reader.stateJSON(at: 1) == JSONValue.object(["volume": 1]))
    #expect(try reader.patches(in: 1...2) == reader.actions().map(\.patch))
  }

  @Test(arguments: [
    (#"[["?","/volume",1,0]]"#, #"starts with "=", "+" or "-""#),
    (#"[["=","/volume",1]]"#, "a compact 'replace' has 4 members, not 3"),
    (#"[["+","volume",1]]"#, "\"path\""),
    (#"[["-","/volume",0]"#, "does not parse"),
    (#"{"op":"remove","path":"/volume"}"#, "a patch is an array of operations"),
  ])
  func aBrokenRowIsReportedAsCorrupt(ops: String, expected: String) throws {
    let path = try logWithEveryForm()
    try rewrite(path, "UPDATE action_entry SET ops = ? WHERE idx = 1", [ops])
    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    let error = #expect(throws: LogError.self) { try log.reader(session: 1).stateJSON(at: 1) }
    let message = error.map(String.init(describing:)) ?? ""
    #expect(message.contains("the patch of action 1 does not parse"), "\(message)")
    #expect(message.contains(expected), "\(message)")
  }

  @Test func aMissingRowIsReportedAsCorrupt() throws {
    let path = try logWithEveryForm()
    try rewrite(path, "DELETE FROM action_entry WHERE idx = 2", [])
    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    let error = #expect(throws: LogError.self) { try log.reader(session: 1).stateJSON(at: 3) }
    #expect(
      error.map(String.init(describing:))?.contains("action 2 of session 1 is missing") == true,
      "\(String(describing: error))")
  }

  private func rewrite(_ path: String, _ sql: String, _ arguments: StatementArguments) throws {
    let database = try DatabaseQueue(path: path)
    try database.write { db in try db.execute(sql: sql, arguments: arguments) }
    try database.close()
  }
}
