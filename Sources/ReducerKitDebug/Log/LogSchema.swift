import GRDB

/// The SQLite schema of an action log. Documented in `docs/log-format.md`.
///
/// Migrations are never edited once shipped: a change to the schema is a new migration with a
/// new id, and ``version`` goes up by one.
enum LogSchema {
  /// `PRAGMA application_id` of every rkdebug log: "RKDB" in ASCII.
  static let applicationID: Int32 = 0x524B_4442

  /// `PRAGMA user_version`: the number of migrations applied.
  static let version = 4

  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: sessions, actions, effects, snapshots") { db in
      try db.execute(
        sql: """
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
          CREATE TABLE action (
            session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            json TEXT NOT NULL,
            label TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN ('send', 'effect')),
            effect_id INTEGER,
            parent_idx INTEGER,
            time REAL NOT NULL,
            duration_ns INTEGER NOT NULL,
            patch TEXT NOT NULL,
            PRIMARY KEY (session_id, idx)
          ) WITHOUT ROWID;
          CREATE TABLE effect (
            session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            id INTEGER NOT NULL,
            action_idx INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('run', 'send')),
            cancel_ids TEXT NOT NULL DEFAULT '[]',
            started_at REAL NOT NULL,
            ended_at REAL,
            outcome TEXT CHECK (outcome IN ('finished', 'cancelled', 'failed')),
            error TEXT,
            PRIMARY KEY (session_id, id)
          ) WITHOUT ROWID;
          CREATE TABLE snapshot (
            session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (session_id, idx)
          ) WITHOUT ROWID;
          """
      )
    }
    migrator.registerMigration("v2: compact actions behind the action view") { db in
      try db.execute(sql: compactActions)
    }
    migrator.registerMigration("v3: snapshots in a rowid table") { db in
      try db.execute(sql: rowidSnapshots)
    }
    migrator.registerMigration("v4: recorded inputs") { db in
      try db.execute(sql: recordedInputs)
    }
    return migrator
  }

  /// Schema 4 adds the `input` table: per action, the values its reducer read from
  /// nondeterministic dependencies, in order, as a JSON array of `[name, value]` pairs; index 0
  /// holds the session's `calendar`, `locale` and `timeZone`. Actions that read nothing have
  /// no row.
  static let recordedInputs = """
    CREATE TABLE input (
      session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL,
      reads TEXT NOT NULL,
      PRIMARY KEY (session_id, idx)
    ) WITHOUT ROWID;
    """

  /// Schema 3 keeps snapshots in a rowid table with a unique index on `(session_id, idx)`,
  /// instead of a `WITHOUT ROWID` table keyed by them.
  ///
  /// A `WITHOUT ROWID` table stores whole rows in its B-tree, and SQLite compares a key with a
  /// row that overflows its page (a state is tens of kilobytes) only after reading the whole
  /// row, so finding one snapshot read several. Through the index it reads the index's few
  /// pages and the one snapshot. The columns are unchanged, so queries need no change.
  static let rowidSnapshots = """
    ALTER TABLE snapshot RENAME TO snapshot_v2;
    CREATE TABLE snapshot (
      session_id INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      idx INTEGER NOT NULL,
      state TEXT NOT NULL,
      UNIQUE (session_id, idx)
    );
    INSERT INTO snapshot (session_id, idx, state)
    SELECT session_id, idx, state FROM snapshot_v2 ORDER BY session_id, idx;
    DROP TABLE snapshot_v2;
    """

  /// Schema 2 stores actions compactly and keeps schema 1's `action` table as a view with the
  /// same columns, so queries written for the documented columns keep working:
  ///
  /// - `action_text` holds each distinct action JSON and label once;
  /// - `action_entry` holds one row per action: the text's id, the effect and parent index, the
  ///   time as microseconds since the session started, the reducer's duration, and the patch
  ///   as compact operations (`["=", path, value, old]`, `["+", path, value]`,
  ///   `["-", path, old]`, or a full RFC 6902 object for anything else);
  /// - the `action` view rebuilds schema 1's columns, the patch as RFC 6902 JSON, and an
  ///   `INSTEAD OF INSERT` trigger turns rows inserted with those columns into compact rows.
  ///
  /// Existing rows move through that trigger, so one definition of the conversion serves both.
  /// The view's joins are `LEFT JOIN`s on unique keys (every row has its text and session) so
  /// that SQLite drops them from queries that read no column of theirs, such as
  /// `max(idx)`.
  static let compactActions = """
    ALTER TABLE action RENAME TO action_v1;
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
    CREATE VIEW action (
      session_id, idx, json, label, source, effect_id, parent_idx, time, duration_ns, patch
    ) AS
    SELECT e.session_id, e.idx, t.json, t.label,
      CASE WHEN e.effect_id IS NULL THEN 'send' ELSE 'effect' END,
      e.effect_id, e.parent_idx, s.started_at + e.time_us / 1000000.0, e.duration_ns,
      (SELECT json_group_array(
          CASE o.value ->> '$[0]'
            WHEN '=' THEN json_object(
              'op', 'replace', 'path', o.value ->> '$[1]', 'value', o.value -> '$[2]',
              'old', o.value -> '$[3]')
            WHEN '+' THEN json_object(
              'op', 'add', 'path', o.value ->> '$[1]', 'value', o.value -> '$[2]')
            WHEN '-' THEN json_object(
              'op', 'remove', 'path', o.value ->> '$[1]', 'old', o.value -> '$[2]')
            ELSE json(o.value)
          END)
        FROM json_each(e.ops) AS o)
    FROM action_entry AS e
    LEFT JOIN action_text AS t ON t.id = e.text_id
    LEFT JOIN session AS s ON s.id = e.session_id;
    CREATE TRIGGER action_insert INSTEAD OF INSERT ON action
    BEGIN
      INSERT OR IGNORE INTO action_text (json, label) VALUES (NEW.json, NEW.label);
      INSERT INTO action_entry (
        session_id, idx, text_id, effect_id, parent_idx, time_us, duration_ns, ops
      ) VALUES (
        NEW.session_id, NEW.idx,
        (SELECT id FROM action_text WHERE json = NEW.json AND label = NEW.label),
        NEW.effect_id, NEW.parent_idx,
        CAST(round((NEW.time - (SELECT started_at FROM session WHERE id = NEW.session_id))
          * 1000000.0) AS INTEGER),
        NEW.duration_ns,
        (SELECT json_group_array(
            CASE
              WHEN o.value ->> '$.op' = 'replace' AND json_type(o.value, '$.old') IS NOT NULL
                THEN json_array('=', o.value ->> '$.path', o.value -> '$.value',
                  o.value -> '$.old')
              WHEN o.value ->> '$.op' = 'add' AND json_type(o.value, '$.old') IS NULL
                THEN json_array('+', o.value ->> '$.path', o.value -> '$.value')
              WHEN o.value ->> '$.op' = 'remove' AND json_type(o.value, '$.old') IS NOT NULL
                THEN json_array('-', o.value ->> '$.path', o.value -> '$.old')
              ELSE json(o.value)
            END)
          FROM json_each(NEW.patch) AS o)
      );
    END;
    INSERT INTO action (
      session_id, idx, json, label, source, effect_id, parent_idx, time, duration_ns, patch
    )
    SELECT session_id, idx, json, label, source, effect_id, parent_idx, time, duration_ns, patch
    FROM action_v1 ORDER BY session_id, idx;
    DROP TABLE action_v1;
    """
}
