import GRDB

/// The SQLite schema of an action log. Documented in `docs/log-format.md`.
///
/// Migrations are never edited once shipped: a change to the schema is a new migration with a
/// new id, and ``version`` goes up by one.
enum LogSchema {
  /// `PRAGMA application_id` of every rkdebug log: "RKDB" in ASCII.
  static let applicationID: Int32 = 0x524B_4442

  /// `PRAGMA user_version`: the number of migrations applied.
  static let version = 1

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
    return migrator
  }
}
