import Foundation
import GRDB
import Synchronization
import ReducerKit
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

@testable import ReducerKitDebug

/// The file: WAL, application_id, user_version, snapshots, several sessions, and refusing
/// files that are not rkdebug logs without touching them.
@MainActor
@Suite struct ActionLogFileTests {
  let directory = TemporaryDirectory()

  func record(_ count: Int, into log: ActionLog, snapshotInterval: Int = 1000) {
    let store = Store<Playlist>(
      initialState: Playlist.State(),
      reducer: Playlist().recording(to: log, feature: "playlist", snapshotInterval: snapshotInterval)
    )
    for volume in 1...count { store.send(.setVolume(volume)) }
  }

  @Test func fileIsAMarkedWALDatabaseWithSnapshots() throws {
    let path = directory.path("log.sqlite")
    let log = try ActionLog(path: path)
    record(25, into: log, snapshotInterval: 10)
    try log.close()

    let db = try DatabaseQueue(path: path)
    let (journal, applicationID, userVersion, snapshots, endedAt) = try db.read { db in
      (
        try String.fetchOne(db, sql: "PRAGMA journal_mode"),
        try Int32.fetchOne(db, sql: "PRAGMA application_id"),
        try Int.fetchOne(db, sql: "PRAGMA user_version"),
        try Int.fetchAll(db, sql: "SELECT idx FROM snapshot ORDER BY idx"),
        try Double.fetchOne(db, sql: "SELECT ended_at FROM session")
      )
    }
    #expect(journal == "wal")
    #expect(applicationID == 0x524B_4442)
    #expect(userVersion == 8)
    #expect(snapshots == [0, 10, 20, 25])
    #expect(endedAt != nil)
    // The final snapshot holds the last state: the reader starts from it at 25.
    let reader = try ActionLog.readOnly(path: path).reader()
    #expect(try reader.stateJSON(at: 25)["volume"] == JSONValue(25))
  }

  @Test func severalSessionsPerFile() throws {
    let path = directory.path("log.sqlite")
    for count in [3, 5] {
      let log = try ActionLog(path: path)
      record(count, into: log)
      try log.close()
    }
    let sessions = try ActionLog.readOnly(path: path).sessions()
    #expect(sessions.map(\.actionCount) == [3, 5])
    #expect(sessions.map(\.feature) == ["playlist", "playlist"])
    #expect(try ActionLog.readOnly(path: path).session().id == sessions[1].id)
  }

  @Test func refusesATextFileAndLeavesItUntouched() throws {
    let path = directory.path("notes.txt")
    try Data("hello, not a database\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: LogError.notSQLite(path: path)) { try ActionLog(path: path) }
    #expect(throws: LogError.notSQLite(path: path)) { try ActionLog.readOnly(path: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("hello, not a database\n".utf8))
  }

  @Test func refusesAnotherAppsDatabaseAndLeavesItUntouched() throws {
    let path = directory.path("other.sqlite")
    let other = try DatabaseQueue(path: path)
    try other.write { try $0.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
    try other.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: LogError.notAnActionLog(path: path)) { try ActionLog(path: path) }
    #expect(throws: LogError.notAnActionLog(path: path)) { try ActionLog.readOnly(path: path) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func refusesANewerSchemaAndLeavesItUntouched() throws {
    let path = directory.path("future.sqlite")
    try ActionLog(path: path).close()
    let db = try DatabaseQueue(path: path)
    try db.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
    try db.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: LogError.newerSchema(path: path, found: 99, supported: 8)) {
      try ActionLog(path: path)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// Schemas 1–4 were never released: their logs are refused with what to do, not migrated.
  @Test func refusesAnOlderSchemaAndLeavesItUntouched() throws {
    let path = directory.path("old.sqlite")
    let db = try DatabaseQueue(path: path)
    try db.writeWithoutTransaction {
      try $0.execute(sql: "PRAGMA application_id = \(LogSchema.applicationID)")
      try $0.execute(sql: "PRAGMA user_version = 4")
    }
    try db.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let error = LogError.olderSchema(path: path, found: 4, supported: 8)
    #expect(throws: error) { try ActionLog(path: path) }
    #expect(throws: error) { try ActionLog.readOnly(path: path) }
    #expect(
      error.description
        == "'\(path)' was written by an older rkdebug (log schema 4); this rkdebug reads "
        + "schemas 5 to 8: record it again, or export it with the older rkdebug and import it "
        + "here")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  /// A version 5 log (before effects had cancellation causes) reads as it is, untouched, and
  /// is migrated when a writer opens it.
  @Test func aVersion5LogIsReadAsItIsAndMigratedForWriting() async throws {
    let path = directory.path("v5.sqlite")
    let log = try ActionLog(path: path)
    let store = Store<Counter>(
      initialState: Counter.State(), reducer: Counter().recording(to: log)
    ) { $0.continuousClock = ImmediateClock() }
    await store.send(.factButtonTapped).finish()
    await store.waitForEffects()
    try log.close()
    // What a version 5 rkdebug wrote: no cancellation columns, and its migration alone.
    let db = try DatabaseQueue(path: path)
    try await db.writeWithoutTransaction {
      try $0.execute(
        sql: """
          ALTER TABLE effect DROP COLUMN cancel_cause;
          ALTER TABLE effect DROP COLUMN cancelled_by;
          DELETE FROM grdb_migrations WHERE identifier LIKE 'v6%';
          PRAGMA user_version = 5;
          """)
    }
    try db.close()
    let before = try Data(contentsOf: URL(fileURLWithPath: path))

    let reader = try ActionLog.readOnly(path: path).reader()
    #expect(reader.actionCount == 2)
    let effects = try reader.effects()
    #expect(effects.map(\.outcome) == [.finished])
    #expect(effects.allSatisfy { $0.cancelCause == nil && $0.cancelledBy == nil })
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)

    try ActionLog(path: path).close()
    let columns = try await DatabaseQueue(path: path).read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA user_version"),
        try Row.fetchAll(db, sql: "PRAGMA table_info(effect)").map { $0["name"] as String }
      )
    }
    #expect(columns.0 == 8)
    #expect(columns.1.suffix(2) == ["cancel_cause", "cancelled_by"])
  }

  /// A version 6 log (its action texts under `UNIQUE (json, label)`, without digests) reads as
  /// it is, untouched; a writer migrates it, keeping every row id, and finds its texts by their
  /// digests, so a session of the same actions adds no text.
  @Test func aVersion6LogGetsTextDigestsWhenOpenedForWriting() throws {
    let path = directory.path("v6.sqlite")
    let db = try version6Log(at: path, actions: 12)
    let textsBefore = try db.read {
      try Row.fetchAll($0, sql: "SELECT id, json, label FROM action_text ORDER BY id")
    }
    try db.close()
    let labels = try labelsReadUntouched(at: path)
    #expect(labels.count == 12)

    let writer = try ActionLog(path: path)
    record(12, into: writer)
    try writer.close()
    let (version, texts, indices) = try DatabaseQueue(path: path).read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA user_version"),
        try Row.fetchAll(db, sql: "SELECT id, json, label, digest FROM action_text ORDER BY id"),
        try String.fetchAll(
          db,
          sql: "SELECT name FROM sqlite_master WHERE tbl_name = 'action_text' AND type = 'index'"
        )
      )
    }
    #expect(version == 8)
    #expect(indices == ["action_text_digest"])
    #expect(texts.map { [$0["id"], $0["json"], $0["label"]] as [DatabaseValue] }
      == textsBefore.map { [$0["id"], $0["json"], $0["label"]] as [DatabaseValue] })
    #expect(texts.allSatisfy {
      $0["digest"] == ActionTextDigest.of(json: $0["json"], label: $0["label"])
    })
    let sessions = try ActionLog.readOnly(path: path).sessions()
    let second = try ActionLog.readOnly(path: path).reader(session: sessions[1].id)
    #expect(try second.actions().map(\.label) == labels)
  }

  /// A version 6 text that is not what a recorder writes (invalid UTF-8, a NUL) migrates with
  /// its bytes kept, and the log goes on recording.
  @Test func aVersion6TextOfAnyBytesMigrates() throws {
    let path = directory.path("v6-bytes.sqlite")
    let db = try version6Log(at: path, actions: 3)
    try db.write {
      try $0.execute(
        sql: "INSERT INTO action_text (id, json, label) VALUES "
          + "(1000, CAST(x'7B2261223A22FF22C37D' AS TEXT), CAST(x'412E6200430A2028FE29' AS TEXT))")
    }
    try db.close()
    let writer = try ActionLog(path: path)
    record(3, into: writer)
    try writer.close()
    let stored = try DatabaseQueue(path: path).read { db in
      try Row.fetchOne(
        db, sql: "SELECT hex(json), hex(label), typeof(digest) FROM action_text WHERE id = 1000")
    }
    #expect(stored?[0] == "7B2261223A22FF22C37D")
    #expect(stored?[1] == "412E6200430A2028FE29")
    #expect(["integer", "null"].contains(stored?[2] as String?))
    let sessions = try ActionLog.readOnly(path: path).sessions()
    #expect(sessions.map(\.actionCount) == [3, 3])
  }

  /// A version 7 log of `actions` volume changes (`setVolume(N)`, whose texts a version 8
  /// writer stores as one template's arguments) reads as it is, untouched; a writer migrates
  /// it, keeping every row, finds its texts in either form, and stores new ones as templates.
  /// Its cancellation sets get digests, and are found by them.
  @Test func aVersion7LogGetsTemplatesWhenOpenedForWriting() throws {
    let path = directory.path("v7.sqlite")
    let db = try version7Log(at: path, actions: 12)
    let textsBefore = try db.read {
      try Row.fetchAll($0, sql: "SELECT id, json, label, digest FROM action_text ORDER BY id")
    }
    try db.close()
    #expect(
      try labelsReadUntouched(at: path) == (1...12).map { "Playlist.Action.setVolume(\($0))" })

    let writer = try ActionLog(path: path)
    record(14, into: writer)
    try writer.close()
    let (version, texts, templates) = try DatabaseQueue(path: path).read { db in
      (
        try Int.fetchOne(db, sql: "PRAGMA user_version"),
        try Row.fetchAll(
          db,
          sql: "SELECT id, json, label, digest, template_id, args FROM action_text ORDER BY id"),
        try Row.fetchAll(db, sql: "SELECT json, label FROM action_template")
      )
    }
    #expect(version == 8)
    #expect(Array(texts.prefix(textsBefore.count)).map { Array($0.databaseValues.prefix(4)) }
      == textsBefore.map { Array($0.databaseValues) })
    // Only volumes 13 and 14 were new, stored as arguments of one template.
    #expect(texts.count == textsBefore.count + 2)
    #expect(texts.suffix(2).map { $0["args"] as String? } == [#"["13"]"#, #"["14"]"#])
    #expect(texts.suffix(2).allSatisfy { ($0["json"] as String?) == nil })
    #expect(templates.map { [$0["json"], $0["label"]] as [String] }
      == [["{\"setVolume\":{\"_0\":\u{1}0\u{2}}}", "Playlist.Action.setVolume(\u{1}0\u{2})"]])
    let sessions = try ActionLog.readOnly(path: path).sessions()
    let second = try ActionLog.readOnly(path: path).reader(session: sessions[1].id)
    #expect(
      try second.actions().map(\.label) == (1...14).map { "Playlist.Action.setVolume(\($0))" })

    let (set, digest, indices, found) = try DatabaseQueue(path: path).write { db in
      (
        try String.fetchOne(db, sql: "SELECT ids FROM cancel_set WHERE id = 500"),
        try Int64.fetchOne(db, sql: "SELECT digest FROM cancel_set WHERE id = 500"),
        try String.fetchAll(
          db,
          sql: "SELECT name FROM sqlite_master WHERE tbl_name = 'cancel_set' AND type = 'index'"),
        try LoggedEffect.cancelSet(#"["fetch"]"#, in: db)
      )
    }
    #expect(set == #"["fetch"]"#)
    #expect(digest == ActionTextDigest.of(json: #"["fetch"]"#, label: ""))
    #expect(indices == ["cancel_set_digest"])
    #expect(found == 500)
  }

  /// The labels of session 1 of the log at `path`, read by a reader that must leave the file
  /// byte for byte as it was.
  private func labelsReadUntouched(at path: String) throws -> [String] {
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let labels = try ActionLog.readOnly(path: path).reader().actions().map(\.label)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    return labels
  }

  /// A log of `actions` volume changes as a version 7 rkdebug left it: each action text whole
  /// in `action_text`, no `action_template`, and no v8 migration.
  private func version7Log(at path: String, actions: Int) throws -> DatabaseQueue {
    let log = try ActionLog(path: path)
    record(actions, into: log)
    try log.close()
    let db = try DatabaseQueue(path: path)
    try db.writeWithoutTransaction {
      try $0.execute(
        sql: """
          PRAGMA foreign_keys = OFF;
          CREATE TABLE action_text_v7 (
            id INTEGER PRIMARY KEY, json TEXT NOT NULL, label TEXT NOT NULL, digest INTEGER
          );
          INSERT INTO action_text_v7
            SELECT f.id, f.json, f.label, t.digest
            FROM action_text_full AS f JOIN action_text AS t ON t.id = f.id;
          DROP VIEW action_text_full;
          DROP TABLE action_text;
          DROP TABLE action_template;
          ALTER TABLE action_text_v7 RENAME TO action_text;
          CREATE INDEX action_text_digest ON action_text (digest);
          CREATE TABLE cancel_set_v7 (id INTEGER PRIMARY KEY, ids TEXT NOT NULL UNIQUE);
          INSERT INTO cancel_set_v7 SELECT id, ids FROM cancel_set;
          DROP TABLE cancel_set;
          ALTER TABLE cancel_set_v7 RENAME TO cancel_set;
          INSERT INTO cancel_set (id, ids) VALUES (500, '["fetch"]');
          DELETE FROM grdb_migrations WHERE identifier LIKE 'v8%';
          PRAGMA user_version = 7;
          """)
    }
    return db
  }

  /// A log of `actions` volume changes as a version 6 rkdebug left it: its action texts under
  /// `UNIQUE (json, label)`, without digests, and no v7 migration.
  private func version6Log(at path: String, actions: Int) throws -> DatabaseQueue {
    let db = try version7Log(at: path, actions: actions)
    try db.writeWithoutTransaction {
      try $0.execute(
        sql: """
          PRAGMA foreign_keys = OFF;
          CREATE TABLE action_text_v6 (
            id INTEGER PRIMARY KEY, json TEXT NOT NULL, label TEXT NOT NULL, UNIQUE (json, label)
          );
          INSERT INTO action_text_v6 SELECT id, json, label FROM action_text;
          DROP TABLE action_text;
          ALTER TABLE action_text_v6 RENAME TO action_text;
          DELETE FROM grdb_migrations WHERE identifier LIKE 'v7%';
          PRAGMA user_version = 6;
          """)
    }
    return db
  }

  @Test func readOnlyOpenOfAMissingFileFailsWithoutCreatingIt() throws {
    let path = directory.path("missing.sqlite")
    #expect(throws: LogError.fileNotFound(path: path)) { try ActionLog.readOnly(path: path) }
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func unknownSessionAndOutOfRangeIndexSayWhatExists() throws {
    let log = try ActionLog.inMemory()
    record(3, into: log)
    try log.flush()
    #expect(throws: LogError.unknownSession(id: 7, available: [1])) { try log.session(id: 7) }
    #expect(throws: LogError.indexOutOfRange(index: 4, actionCount: 3)) {
      try log.reader().stateJSON(at: 4)
    }
    try log.close()
  }

  /// The log's connection does not enforce the schema's foreign keys (the checks cost the writer
  /// a seventh of its work), so what it writes must satisfy them by construction; and a
  /// connection that enables them gets the documented cascade.
  @Test func recordedRowsSatisfyTheForeignKeysAndDeletingASessionCascades() async throws {
    let path = directory.path("keys.sqlite")
    let log = try ActionLog(path: path)
    for seed in [UInt64(1), 2] {
      let store = Store<Playlist>(
        initialState: Playlist.State(),
        reducer: Playlist().recording(to: log, feature: "playlist", snapshotInterval: 10)
      )
      var rng = SplitMix64(seed: seed)
      for _ in 0..<150 {
        await store.send(Playlist.randomAction(for: store.state, using: &rng)).finish()
      }
    }
    try log.close()

    let (violations, before, after) = try deleteSessionOne(withForeignKeysIn: path)
    #expect(violations == 0)
    #expect(before.allSatisfy { $0 > 0 }, "\(before)")
    #expect(after == [0, 0, 0])
    let remaining = try ActionLog.readOnly(path: path).sessions().map(\.id)
    #expect(remaining == [2])
  }

  /// Opens `path` as another program would (GRDB enables foreign keys), counts the violations,
  /// and deletes session 1, counting its action, effect and snapshot rows before and after.
  private func deleteSessionOne(
    withForeignKeysIn path: String
  ) throws -> (violations: Int, before: [Int], after: [Int]) {
    let database = try DatabaseQueue(path: path)
    defer { try? database.close() }
    let counts = { (db: Database) throws -> [Int] in
      try ["action_entry", "effect", "snapshot"].map { table in
        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE session_id = 1") ?? -1
      }
    }
    let violations = try database.read { db in
      try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").count
    }
    let before = try database.read(counts)
    try database.write { db in try db.execute(sql: "DELETE FROM session WHERE id = 1") }
    return (violations, before, try database.read(counts))
  }

  /// Closing moves the WAL into the file, so later readers have none to scan; with another
  /// connection reading, it does not wait for it, and the log is complete anyway.
  @Test func closeEmptiesTheWALUnlessAReaderIsInTheWay() throws {
    let path = directory.path("checkpoint.sqlite")
    let log = try ActionLog(path: path)
    record(3_000, into: log)
    try log.flush()
    #expect(walSize(path) > 0)
    try log.close()
    #expect(walSize(path) == 0)
    #expect(try log.reader().stateJSON(at: 3_000)["volume"] == JSONValue(3_000))

    let busyPath = directory.path("busy.sqlite")
    let busy = try ActionLog(path: busyPath)
    record(3_000, into: busy)
    try busy.flush()
    let reader = try DatabaseQueue(path: busyPath)
    defer { try? reader.close() }
    try reader.read { db in
      // A read transaction that has read the WAL holds its frames: the checkpoint cannot empty it.
      _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM action_entry")
      let start = Date()
      try busy.close()
      #expect(Date().timeIntervalSince(start) < 10, "close waited for the reader")
    }
    #expect(walSize(busyPath) > 0)
    let count = try ActionLog.readOnly(path: busyPath).session().actionCount
    #expect(count == 3_000)
  }

  private func walSize(_ path: String) -> Int {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
    return (attributes?[.size] as? Int) ?? 0
  }

  @Test func everyActionDurabilityCommitsBeforeSendReturns() throws {
    let path = directory.path("durable.sqlite")
    let log = try ActionLog(path: path, durability: .everyAction)
    record(5, into: log)
    // Without flush or close, another connection already sees all five.
    let count = try ActionLog.readOnly(path: path).session().actionCount
    #expect(count == 5)
    try log.close()
  }

  @Test func bufferedActionsAreCommittedWithoutFlushWhetherTheWriterPollsOrSleeps() throws {
    let path = directory.path("buffered.sqlite")
    let log = try ActionLog(path: path)
    let store = Store<Playlist>(
      initialState: Playlist.State(), reducer: Playlist().recording(to: log, feature: "playlist")
    )
    // The first action wakes the sleeping writer.
    for volume in 1...5 { store.send(.setVolume(volume)) }
    #expect(waitForCommittedActions(5, in: path))
    // Right after a batch the writer looks at the queue on its own clock: no send wakes it.
    for volume in 6...10 { store.send(.setVolume(volume)) }
    #expect(waitForCommittedActions(10, in: path))
    // After a quiet polling period it sleeps again, and the next action must wake it.
    Thread.sleep(forTimeInterval: 3 * LogWriter.pollingPeriod.inSeconds)
    for volume in 11...15 { store.send(.setVolume(volume)) }
    #expect(waitForCommittedActions(15, in: path))
    try log.close()
  }

  /// Whether another connection sees `count` actions within 10 seconds (a stuck writer never
  /// commits them). Until the first batch is committed, the log holds no session.
  private func waitForCommittedActions(_ count: Int, in path: String) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 10)
    while Date() < deadline {
      let committed = (try? ActionLog.readOnly(path: path).session().actionCount) ?? 0
      if committed == count { return true }
      Thread.sleep(forTimeInterval: 0.002)
    }
    return false
  }

  @Test func aTinyBufferAppliesBackPressureAndLosesNothing() throws {
    let path = directory.path("tiny.sqlite")
    let log = try ActionLog(path: path, bufferCapacity: 2)
    record(2_000, into: log, snapshotInterval: 100)
    try log.close()
    let reader = try ActionLog.readOnly(path: path).reader()
    #expect(reader.actionCount == 2_000)
    #expect(try reader.stateJSON(at: 2_000)["volume"] == JSONValue(2_000))
  }

  @Test func recordingAfterCloseWarnsOnceAndTheFeatureKeepsWorking() throws {
    let log = try ActionLog.inMemory()
    let store = Store<Playlist>(
      initialState: Playlist.State(), reducer: Playlist().recording(to: log)
    )
    store.send(.setVolume(1))
    try log.close()
    let issues = IssueCollector()
    issues.captureNow {
      store.send(.setVolume(2))
      store.send(.setVolume(3))
    }
    #expect(store.volume == 3)
    #expect(issues.messages == [
      "Recording of 'Playlist' stopped: the log was closed; open it again. "
        + "The feature keeps running; later actions are not logged."
    ])
  }
}
