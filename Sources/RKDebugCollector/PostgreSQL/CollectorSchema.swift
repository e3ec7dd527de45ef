/// The collector's PostgreSQL schema (docs/collector.md): the tables of an rkdebug log
/// (docs/log-format.md) keyed the same way, with nothing of a session left out.
///
/// Migrations are never edited once shipped: a change to the schema is a new migration with a
/// new id, appended to ``migrations``. ``CollectorStore/migrate()`` applies, in one transaction
/// each, those that `rkdebug_migration` does not list.
enum CollectorSchema {
  /// A migration: a stable id and the SQL it runs.
  struct Migration {
    var id: String
    var sql: String
  }

  /// The table that lists the migrations applied.
  static let migrationTable = """
    CREATE TABLE IF NOT EXISTS rkdebug_migration (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )
    """

  /// Every migration, in order.
  static let migrations: [Migration] = [
    Migration(
      id: "v1: sessions, actions, effects, snapshots, inputs",
      sql: """
        -- Times are as the log stores them: a session's started_at and ended_at are Unix
        -- seconds (double precision, exact as SQLite's REAL), every other time microseconds
        -- since started_at. JSON columns are `json`, which keeps the text exactly as sent.
        CREATE TABLE session (
          id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
          uuid text NOT NULL UNIQUE,
          feature text NOT NULL,
          state_type text NOT NULL,
          action_type text NOT NULL,
          state_fingerprint text NOT NULL,
          action_fingerprint text NOT NULL,
          snapshot_interval integer NOT NULL CHECK (snapshot_interval >= 1),
          durability text NOT NULL,
          started_at double precision NOT NULL,
          ended_at double precision,
          metadata json NOT NULL,
          -- How many actions are stored (1...action_count, no gap), and the state after the
          -- last of them: what the next batch of the session is checked against.
          action_count integer NOT NULL DEFAULT 0 CHECK (action_count >= 0),
          head_state json NOT NULL
        );

        CREATE TABLE action (
          session_id bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
          idx integer NOT NULL CHECK (idx >= 1),
          json json NOT NULL,
          label text NOT NULL,
          effect_id integer,
          parent_idx integer,
          time_us bigint NOT NULL,
          duration_ns bigint NOT NULL,
          -- The patch in the log's compact form (docs/log-format.md, Patches).
          ops json NOT NULL,
          PRIMARY KEY (session_id, idx),
          CHECK ((effect_id IS NULL) = (parent_idx IS NULL))
        );

        CREATE TABLE effect (
          session_id bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
          id integer NOT NULL,
          action_idx integer NOT NULL,
          kind text NOT NULL CHECK (kind IN ('run', 'send')),
          cancel_ids json NOT NULL,
          started_us bigint NOT NULL,
          ended_us bigint,
          outcome text CHECK (outcome IN ('finished', 'cancelled', 'failed')),
          error text,
          cancel_cause text CHECK (cancel_cause IN (
            'cancelID', 'cancelInFlight', 'dismissed', 'popped', 'stateRemoved',
            'sessionEnded')),
          cancelled_by integer,
          PRIMARY KEY (session_id, id),
          FOREIGN KEY (session_id, action_idx) REFERENCES action (session_id, idx)
            ON DELETE CASCADE
        );

        CREATE TABLE snapshot (
          session_id bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
          idx integer NOT NULL CHECK (idx >= 0),
          state json NOT NULL,
          PRIMARY KEY (session_id, idx)
        );

        CREATE TABLE input (
          session_id bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
          idx integer NOT NULL CHECK (idx >= 0),
          reads json NOT NULL,
          PRIMARY KEY (session_id, idx)
        );
        """
    )
  ]
}
