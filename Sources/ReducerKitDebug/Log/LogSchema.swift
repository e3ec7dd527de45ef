import GRDB

/// The SQLite schema of an action log. Documented in `docs/log-format.md`.
///
/// Migrations are never edited once shipped: a change to the schema is a new migration with a
/// new id, and ``version`` goes up by one. Schemas 1–4 were never released; their logs are
/// refused (``LogError/olderSchema(path:found:supported:)``). A version 5 log is read as it is
/// (its effects have no cancellation causes) and migrated when opened for writing, as are
/// version 6 (whose action texts have no digest) and version 7 logs (no templates).
package enum LogSchema {
  /// `PRAGMA application_id` of every rkdebug log: "RKDB" in ASCII.
  static let applicationID: Int32 = 0x524B_4442

  /// `PRAGMA user_version`: the schema's version.
  static let version = 8

  /// The oldest version read commands read.
  static let oldestReadable = 5

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v5: the log") { db in try db.execute(sql: tables) }
    migrator.registerMigration("v6: why effects were cancelled") { db in
      try db.execute(sql: cancellationColumns)
    }
    migrator.registerMigration("v7: action texts found by their digest") { db in
      db.add(function: ActionTextDigest.function)
      try db.execute(sql: textDigests)
    }
    migrator.registerMigration("v8: action texts as templates and arguments") { db in
      db.add(function: ActionTextDigest.function)
      try db.execute(sql: textTemplates)
    }
    return migrator
  }

  /// Version 6: a cancelled effect's cause (the code of ``LoggedEffect/CancelCause``) and the
  /// index of the action during which it was cancelled, when the store knew them.
  static let cancellationColumns = """
    ALTER TABLE effect ADD COLUMN cancel_cause INTEGER CHECK (cancel_cause BETWEEN 0 AND 5);
    ALTER TABLE effect ADD COLUMN cancelled_by INTEGER;
    """

  /// Version 7: `action_text` rows are found by ``ActionTextDigest`` in a small index instead
  /// of `UNIQUE (json, label)`, whose index held both texts again (a quarter of a Todos log).
  /// SQLite cannot drop a constraint, so the table is rebuilt; row ids, and so
  /// `action_entry.text_id`, stay. A row another tool wrote without a digest is never found,
  /// only stored again by a writer that needs its text.
  static let textDigests = """
    CREATE TABLE action_text_v7 (
      id INTEGER PRIMARY KEY,
      json TEXT NOT NULL,
      label TEXT NOT NULL,
      digest INTEGER
    );
    INSERT INTO action_text_v7 (id, json, label, digest)
      SELECT id, json, label, rkdebug_text_digest(json, label) FROM action_text;
    DROP TABLE action_text;
    ALTER TABLE action_text_v7 RENAME TO action_text;
    CREATE INDEX action_text_digest ON action_text (digest);
    """

  /// Version 8: an action text whose JSON holds numbers or UUIDs may be stored as the id of an
  /// `action_template` row and its arguments (``ActionTemplate``), so that the actions of each
  /// screen or row, distinct by its id, share their texts. `action_text` is rebuilt for its
  /// texts to be `NULL` in such a row; row ids stay. `action_text_full` gives every row's
  /// texts filled in, for the `sqlite3` shell and other readers. `cancel_set` rows are found
  /// by their digest too, their `UNIQUE (ids)` index (a tenth of a Library log) dropped.
  static let textTemplates = """
    CREATE TABLE action_template (
      id INTEGER PRIMARY KEY,
      json TEXT NOT NULL,
      label TEXT NOT NULL,
      digest INTEGER
    );
    CREATE INDEX action_template_digest ON action_template (digest);
    CREATE TABLE action_text_v8 (
      id INTEGER PRIMARY KEY,
      json TEXT,
      label TEXT,
      digest INTEGER,
      template_id INTEGER REFERENCES action_template(id),
      args TEXT,
      CHECK (CASE WHEN template_id IS NULL
        THEN json IS NOT NULL AND label IS NOT NULL AND args IS NULL
        ELSE json IS NULL AND label IS NULL AND args IS NOT NULL END)
    );
    INSERT INTO action_text_v8 (id, json, label, digest)
      SELECT id, json, label, digest FROM action_text;
    DROP TABLE action_text;
    ALTER TABLE action_text_v8 RENAME TO action_text;
    CREATE INDEX action_text_digest ON action_text (digest);
    CREATE TABLE cancel_set_v8 (
      id INTEGER PRIMARY KEY,
      ids TEXT NOT NULL,
      digest INTEGER
    );
    INSERT INTO cancel_set_v8 (id, ids, digest)
      SELECT id, ids, rkdebug_text_digest(ids, '') FROM cancel_set;
    DROP TABLE cancel_set;
    ALTER TABLE cancel_set_v8 RENAME TO cancel_set;
    CREATE INDEX cancel_set_digest ON cancel_set (digest);
    CREATE VIEW action_text_full (id, json, label) AS
      WITH RECURSIVE filled (id, step, json, label, args) AS (
        SELECT t.id, 0, coalesce(t.json, p.json), coalesce(t.label, p.label), t.args
        FROM action_text AS t LEFT JOIN action_template AS p ON p.id = t.template_id
        UNION ALL
        SELECT id, step + 1,
          replace(json, char(1) || step || char(2), json_extract(args, '$[' || step || ']')),
          replace(label, char(1) || step || char(2), json_extract(args, '$[' || step || ']')),
          args
        FROM filled WHERE step < json_array_length(args)
      )
      SELECT id, json, label FROM filled WHERE step = coalesce(json_array_length(args), 0);
    """

  /// The tables, as docs/log-format.md describes them.
  ///
  /// - `action_text` holds each distinct action JSON and label once; `action_entry` one row per
  ///   action, its patch as compact operations (`["=", path, value, old]`,
  ///   `["+", path, value]`, `["-", path, old]`, or an RFC 6902 object for anything else).
  /// - Times within a session are integer microseconds since its `started_at`; an effect's
  ///   `kind` and `outcome` are the codes of ``LoggedEffect/Kind`` and
  ///   ``LoggedEffect/Outcome``; its cancellation ids are a `cancel_set` row, each distinct
  ///   set stored once (`NULL` when it has none).
  /// - Snapshots live in a rowid table with a unique index on `(session_id, idx)`: in a
  ///   `WITHOUT ROWID` table SQLite compares a key with a row that overflows its page (a state
  ///   is tens of kilobytes) only after reading the whole row.
  static let tables = """
    CREATE TABLE session (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      uuid TEXT NOT NULL UNIQUE,
      feature TEXT NOT NULL,
      state_type TEXT NOT NULL,
      action_type TEXT NOT NULL,
      state_fingerprint TEXT NOT NULL,
      action_fingerprint TEXT NOT NULL,
      snapshot_interval INTEGER NOT NULL,
      durability TEXT NOT NULL,
      started_at REAL NOT NULL,
      ended_at REAL,
      metadata TEXT NOT NULL DEFAULT '{}'
    );
    CREATE TABLE action_text (
      id INTEGER PRIMARY KEY,
      json TEXT NOT NULL,
      label TEXT NOT NULL,
      UNIQUE (json, label)
    );
    CREATE TABLE action_entry (
      session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL,
      text_id INTEGER NOT NULL REFERENCES action_text(id),
      effect_id INTEGER,
      parent_idx INTEGER,
      time_us INTEGER NOT NULL,
      duration_ns INTEGER NOT NULL,
      ops TEXT NOT NULL,
      PRIMARY KEY (session_id, idx)
    ) WITHOUT ROWID;
    CREATE TABLE cancel_set (
      id INTEGER PRIMARY KEY,
      ids TEXT NOT NULL UNIQUE
    );
    CREATE TABLE effect (
      session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      id INTEGER NOT NULL,
      action_idx INTEGER NOT NULL,
      kind INTEGER NOT NULL CHECK (kind IN (0, 1)),
      cancel_set INTEGER REFERENCES cancel_set(id),
      started_us INTEGER NOT NULL,
      ended_us INTEGER,
      outcome INTEGER CHECK (outcome IN (0, 1, 2)),
      error TEXT,
      PRIMARY KEY (session_id, id)
    ) WITHOUT ROWID;
    CREATE TABLE snapshot (
      session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL,
      state TEXT NOT NULL,
      UNIQUE (session_id, idx)
    );
    CREATE TABLE input (
      session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL,
      reads TEXT NOT NULL,
      PRIMARY KEY (session_id, idx)
    ) WITHOUT ROWID;
    """

  /// Microseconds from `start` to `time`, as the log stores times within a session.
  package static func microseconds(from start: Double, to time: Double) -> Int64 {
    Int64(((time - start) * 1_000_000).rounded())
  }

  /// The time `microseconds` after `start`: the inverse of ``microseconds(from:to:)``.
  package static func time(_ microseconds: Int64, after start: Double) -> Double {
    start + Double(microseconds) / 1_000_000.0
  }
}
