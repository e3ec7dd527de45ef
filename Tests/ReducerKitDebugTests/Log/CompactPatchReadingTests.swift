import Foundation
import GRDB
import ReducerKit
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

/// A reconstruction reads each action's patch straight from `action_entry.ops`, the one stored
/// form; every form the log holds must read as the operations it stands for, import must write
/// the same form, and a broken row must be reported, not skipped.
@MainActor
@Suite struct CompactPatchReadingTests {
  let directory = TemporaryDirectory()

  /// The RFC 6902 patches of ``logWithEveryForm()`` and their stored forms: every compact
  /// form, the forms kept as objects, and paths and values that need escaping.
  static let forms: [(rfc6902: String, stored: String)] = [
    (
      #"[{"op":"replace","path":"/volume","value":3,"old":0}]"#,
      #"[["=","/volume",3,0]]"#
    ),
    (
      #"[{"op":"add","path":"/a~1b","value":{"x":[1,2.5,null]}},{"op":"add","path":"/m~0n","value":"\"é\"\n"}]"#,
      #"[["+","/a~1b",{"x":[1,2.5,null]}],["+","/m~0n","\"é\"\n"]]"#
    ),
    (
      #"[{"op":"replace","path":"/a~1b/x/1","value":true,"old":2.5},{"op":"remove","path":"/m~0n","old":"\"é\"\n"}]"#,
      #"[["=","/a~1b/x/1",true,2.5],["-","/m~0n","\"é\"\n"]]"#
    ),
    (
      #"[{"op":"move","from":"/a~1b","path":"/c"},{"op":"replace","path":"/volume","value":4}]"#,
      #"[{"op":"move","from":"/a~1b","path":"/c"},{"op":"replace","path":"/volume","value":4}]"#
    ),
    (
      #"[{"op":"add","path":"/volume","value":5,"old":4},{"op":"copy","from":"/c","path":"/d"},{"op":"test","path":"/volume","value":5}]"#,
      #"[{"op":"add","path":"/volume","value":5,"old":4},{"op":"copy","from":"/c","path":"/d"},{"op":"test","path":"/volume","value":5}]"#
    ),
    (#"[]"#, #"[]"#),
  ]

  /// A log whose rows hold each of ``forms`` in its stored form, written with raw SQL.
  func logWithEveryForm() throws -> String {
    let path = directory.path("forms.sqlite")
    let log = try ActionLog(path: path)
    try log.close()
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      try insertSessionOne(db, feature: "forms")
      try db.execute(
        sql: #"""
          INSERT INTO snapshot VALUES (1, 0, '{"volume":0}');
          INSERT INTO action_text (id, json, label) VALUES (1, '{"step":{}}', 'A.step');
          """#)
      for (offset, form) in Self.forms.enumerated() {
        try db.execute(
          sql: """
            INSERT INTO action_entry (session_id, idx, text_id, time_us, duration_ns, ops)
            VALUES (1, ?, 1, 500000, 10, ?)
            """,
          arguments: [offset + 1, form.stored])
      }
    }
    try database.close()
    return path
  }

  @Test func everyStoredFormReadsAsItsOperations() throws {
    let path = try logWithEveryForm()
    let log = try ActionLog.readOnly(path: path)
    defer { try? log.close() }
    let reader = try log.reader(session: 1)
    let expected = try Self.forms.map { try JSONPatchOperation.operations(parsing: $0.rfc6902) }
    #expect(try reader.actions().map(\.patch) == expected)
    #expect(try reader.patches(in: 1...6) == expected)
    #expect(try reader.patches(in: 3...4) == Array(expected[2...3]))
    #expect(try reader.action(at: 1).time == Date(timeIntervalSince1970: 1_700_000_001))
  }

  /// Import converts RFC 6902 to the stored form once, with the recorder's writer: the same
  /// text a recording would hold.
  @Test func importStoresTheCompactForm() throws {
    let log = try ActionLog.inMemory()
    let actions = try Self.forms[0...2].enumerated().map { offset, form in
      LoggedAction(
        index: offset + 1, json: "{}", label: "A.step", source: .send,
        time: Date(timeIntervalSince1970: 1_700_000_001), durationNanos: 10,
        patch: try JSONPatchOperation.operations(parsing: form.rfc6902))
    }
    let session = SessionImport(
      uuid: "U", feature: "forms", stateType: "S", actionType: "A", stateFingerprint: "f",
      actionFingerprint: "g", snapshotInterval: 100, durability: "buffered",
      startedAt: Date(timeIntervalSince1970: 1_700_000_000.5), endedAt: nil,
      initialState: ["volume": 0], actions: actions, effects: [])
    let id = try log.importSession(session)
    let ops = try log.read { db in
      try String.fetchAll(
        db, sql: "SELECT ops FROM action_entry WHERE session_id = ? ORDER BY idx",
        arguments: [id])
    }
    #expect(ops == Self.forms[0...2].map(\.stored))
    #expect(try log.reader(session: id).actions() == actions)
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
    let listing = #expect(throws: LogError.self) {
      try log.reader(session: 1).forEachListedAction(in: 1...1) { _ in }
    }
    #expect(
      listing.map(String.init(describing:))?.contains("the text of action 1 is missing") == true,
      "\(String(describing: listing))")
  }

  /// A listing reads in one query what a walk over the actions reads: index, source, label.
  @Test func aListingReadsWhatTheActionsHold() throws {
    let path = try logWithEveryForm()
    let reader = try ActionLog.readOnly(path: path).reader(session: 1)
    let actions = try reader.actions()
    var listed: [(Int, ActionSource, String)] = []
    try reader.forEachListedAction(in: 1...reader.actionCount) { action in
      listed.append((action.index, action.source, String(decoding: action.label, as: UTF8.self)))
    }
    #expect(listed.map(\.0) == actions.map(\.index))
    #expect(listed.map(\.1) == actions.map(\.source))
    #expect(listed.map(\.2) == actions.map(\.label))
    var part: [Int] = []
    try reader.forEachListedAction(in: 2...3) { part.append($0.index) }
    #expect(part == [2, 3])
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
