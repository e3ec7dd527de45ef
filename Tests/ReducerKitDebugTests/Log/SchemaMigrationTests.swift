import Foundation
import GRDB
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// Schema 2 stores actions compactly behind an `action` view with schema 1's columns, and
/// schema 3 keeps snapshots in a rowid table: older logs read as before without being touched,
/// and migrate on the first writable open to the same sessions, action for action.
@MainActor
@Suite struct SchemaMigrationTests {
  let directory = TemporaryDirectory()

  /// A log in schema 1, written the way schema 1's recorder wrote it: RFC 6902 patches, labels
  /// and JSON on every row.
  func schemaOneLog() throws -> String {
    let path = directory.path("v1.sqlite")
    try writeOldLog(at: path, upTo: "v1: sessions, actions, effects, snapshots", version: 1) { db in
      try insertSessionOne(db)
      try db.execute(
        sql: """
          INSERT INTO snapshot VALUES (1, 0, '{"name":"","songs":[],"volume":0}');
          INSERT INTO action VALUES (1, 1, '{"setVolume":{"_0":3}}', 'Playlist.Action.setVolume(3)',
            'send', NULL, NULL, 1700000000.625, 1200,
            '[{"op":"replace","path":"/volume","value":3,"old":0}]');
          INSERT INTO action VALUES (1, 2, '{"rename":{"_0":"Mix \\"1\\""}}',
            'Playlist.Action.rename("Mix \\"1\\"")', 'effect', 4, 1, 1700000001.0, 900,
            '[{"op":"replace","path":"/name","value":"Mix \\"1\\"","old":""},{"op":"add","path":"/songs/0","value":{"id":1,"name":"é"}},{"op":"move","from":"/a","path":"/b"}]');
          INSERT INTO action VALUES (1, 3, '{"setVolume":{"_0":3}}', 'Playlist.Action.setVolume(3)',
            'send', NULL, NULL, 1700000002.0, 800,
            '[{"op":"remove","path":"/songs/0","old":{"id":1,"name":"é"}},{"op":"replace","path":"/x","value":1}]');
          """
      )
    }
    return path
  }

  func actions(at path: String, readOnly: Bool) throws -> [LoggedAction] {
    let log = readOnly ? try ActionLog.readOnly(path: path) : try ActionLog(path: path)
    defer { try? log.close() }
    return try log.reader(session: 1).actions()
  }

  @Test func aSchemaOneLogReadsTheSameBeforeAndAfterItsMigration() throws {
    let path = try schemaOneLog()
    let before = try actions(at: path, readOnly: true)
    #expect(before.count == 3)
    #expect(try userVersion(path) == 1)  // Reading did not migrate it.

    let after = try actions(at: path, readOnly: false)
    #expect(try userVersion(path) == 4)
    #expect(after.map(\.index) == before.map(\.index))
    #expect(after.map(\.json) == before.map(\.json))
    #expect(after.map(\.label) == before.map(\.label))
    #expect(after.map(\.source) == before.map(\.source))
    #expect(after.map(\.durationNanos) == before.map(\.durationNanos))
    #expect(after.map(\.patch) == before.map(\.patch))
    for (old, new) in zip(before, after) {
      #expect(abs(old.time.timeIntervalSince(new.time)) < 0.000_002)
    }
  }

  @Test func theCompactRowsStoreEachTextOnceAndShortOperations() throws {
    let path = try schemaOneLog()
    _ = try actions(at: path, readOnly: false)
    let database = try DatabaseQueue(path: path)
    defer { try? database.close() }
    let (texts, ops, times) = try database.read { db in
      (
        try Int.fetchOne(db, sql: "SELECT count(*) FROM action_text"),
        try String.fetchAll(db, sql: "SELECT ops FROM action_entry ORDER BY idx"),
        try Int64.fetchAll(db, sql: "SELECT time_us FROM action_entry ORDER BY idx")
      )
    }
    #expect(texts == 2)
    #expect(ops[0] == #"[["=","/volume",3,0]]"#)
    // An operation without a compact form (a move, a replace without its old value) is kept as
    // its RFC 6902 object.
    #expect(ops[1].hasSuffix(#"{"op":"move","from":"/a","path":"/b"}]"#))
    #expect(ops[2] == #"[["-","/songs/0",{"id":1,"name":"é"}],{"op":"replace","path":"/x","value":1}]"#)
    #expect(times == [125_000, 500_000, 1_500_000])
  }

  @Test func recordedLogsUseTheCompactRows() throws {
    let path = directory.path("v2.sqlite")
    let log = try ActionLog(path: path)
    let store = Store<Playlist>(
      initialState: Playlist.State(), reducer: Playlist().recording(to: log)
    )
    store.send(.setVolume(1))
    store.send(.setVolume(2))
    store.send(.setVolume(1))
    try log.close()
    let database = try DatabaseQueue(path: path)
    defer { try? database.close() }
    let (texts, ops, patches) = try database.read { db in
      (
        try String.fetchAll(db, sql: "SELECT json FROM action_text ORDER BY id"),
        try String.fetchAll(db, sql: "SELECT ops FROM action_entry ORDER BY idx"),
        try String.fetchAll(db, sql: "SELECT patch FROM action ORDER BY idx")
      )
    }
    #expect(texts == [#"{"setVolume":{"_0":1}}"#, #"{"setVolume":{"_0":2}}"#])
    #expect(ops == [#"[["=","/volume",1,5]]"#, #"[["=","/volume",2,1]]"#, #"[["=","/volume",1,2]]"#])
    // The documented view still shows RFC 6902 operations with their old values.
    #expect(patches[1] == #"[{"op":"replace","path":"/volume","value":2,"old":1}]"#)
  }

  /// Schema 3 moves snapshots into a rowid table: a log of schema 2 reads the same before and
  /// after, and the nearest-snapshot lookup then goes through the small unique index.
  @Test func schemaTwoSnapshotsMoveToARowidTable() throws {
    let path = directory.path("v2-snapshots.sqlite")
    try writeOldLog(
      at: path, upTo: "v2: compact actions behind the action view", version: 2
    ) { db in
      try insertSessionOne(db, snapshotInterval: 2)
      try db.execute(
        sql: """
          INSERT INTO snapshot VALUES (1, 0, '{"volume":0}'), (1, 2, '{"volume":2}'),
            (1, 3, '{"volume":3}');
          """)
      for volume in 1...3 {
        try db.execute(
          sql: """
            INSERT INTO action (session_id, idx, json, label, source, time, duration_ns, patch)
            VALUES (1, ?, '{}', 'A.up', 'send', 1700000001.0, 5, ?)
            """,
          arguments: [
            volume, #"[{"op":"replace","path":"/volume","value":\#(volume),"old":\#(volume - 1)}]"#,
          ])
      }
    }
    func states(readOnly: Bool) throws -> [JSONValue] {
      let log = readOnly ? try ActionLog.readOnly(path: path) : try ActionLog(path: path)
      defer { try? log.close() }
      let reader = try log.reader(session: 1)
      return try (0...3).map { try reader.stateJSON(at: $0) }
    }
    let expected = (0...3).map { JSONValue.object(["volume": JSONValue($0)]) }
    #expect(try states(readOnly: true) == expected)
    #expect(try userVersion(path) == 2)
    #expect(try states(readOnly: false) == expected)
    #expect(try userVersion(path) == 4)

    let migrated = try DatabaseQueue(path: path)
    defer { try? migrated.close() }
    let (definition, plan, rows) = try migrated.read { db in
      (
        try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'snapshot'"),
        try Row.fetchAll(
          db,
          sql: """
            EXPLAIN QUERY PLAN SELECT idx FROM snapshot WHERE session_id = 1 AND idx <= 2
            ORDER BY idx DESC LIMIT 1
            """
        ).map { $0["detail"] as String }.joined(separator: "; "),
        try Row.fetchAll(db, sql: "SELECT session_id, idx, state FROM snapshot ORDER BY idx")
          .map { "\($0["session_id"] as Int) \($0["idx"] as Int) \($0["state"] as String)" }
      )
    }
    #expect(definition?.contains("WITHOUT ROWID") == false)
    #expect(plan.contains("USING COVERING INDEX sqlite_autoindex_snapshot_1"), "\(plan)")
    #expect(rows == [#"1 0 {"volume":0}"#, #"1 2 {"volume":2}"#, #"1 3 {"volume":3}"#])
  }

  private func userVersion(_ path: String) throws -> Int? {
    var configuration = Configuration()
    configuration.readonly = true
    let database = try DatabaseQueue(path: path, configuration: configuration)
    defer { try? database.close() }
    return try database.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
  }
}
