import Foundation
import PostgresNIO
import ReducerKitDebug

/// Sessions in PostgreSQL: the collector's storage (docs/collector.md).
///
/// A session is keyed by its uuid and its actions by their index, so sending a session in
/// batches is idempotent and resumable: ``ingest(_:items:)`` skips what is already stored
/// (after checking it is the same), checks the rest with the checks of `rkdebug import`
/// (``SessionImport/Checker``) against the state the stored actions end in, and stores a batch
/// in one transaction, or nothing of it.
///
/// ```swift
/// let store = try await CollectorStore.connect(url: "postgres://postgres@127.0.0.1:5433/rkdebug")
/// try await store.migrate()
/// try await store.ingest(header, items: items)  // the lines of `rkdebug export`, read
/// let session = try await store.session(uuid: header.uuid)
/// ```
///
/// One connection, used by one call at a time (an actor): a transaction owns its connection.
public actor CollectorStore {
  private let connection: PostgresConnection
  private let logger = Logger(label: "rkdebug.collector")

  private init(connection: PostgresConnection) {
    self.connection = connection
  }

  /// Connects to the database at `url`, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`,
  /// without TLS (a loopback or private server; TLS comes with `rkdebug serve`).
  public static func connect(url: String) async throws -> CollectorStore {
    guard let components = URLComponents(string: url),
      ["postgres", "postgresql"].contains(components.scheme), let host = components.host,
      let user = components.user
    else {
      throw CollectorError(
        "'\(url)' is not a PostgreSQL URL (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)")
    }
    let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
    let configuration = PostgresConnection.Configuration(
      host: host, port: components.port ?? 5432, username: user,
      password: components.password, database: database.isEmpty ? nil : database,
      tls: .disable)
    let connection = try await PostgresConnection.connect(
      configuration: configuration, id: 1, logger: Logger(label: "rkdebug.collector"))
    return CollectorStore(connection: connection)
  }

  /// Closes the connection.
  public func close() async throws {
    try await connection.close()
  }

  // MARK: - Schema

  /// Applies the migrations the database has not had, each in its own transaction, and
  /// returns their ids. Concurrent callers wait for each other (an advisory lock).
  @discardableResult
  public func migrate() async throws -> [String] {
    try await execute(CollectorSchema.migrationTable)
    return try await transaction {
      // Held until the transaction ends: two collectors starting together migrate once.
      try await execute("SELECT pg_advisory_xact_lock(1380664386)")
      var applied = Set<String>()
      for try await id in try await connection.query(
        "SELECT id FROM rkdebug_migration", logger: logger
      ).decode(String.self) {
        applied.insert(id)
      }
      var new: [String] = []
      for migration in CollectorSchema.migrations where !applied.contains(migration.id) {
        for statement in Self.statements(of: migration.sql) { try await execute(statement) }
        try await connection.query(
          "INSERT INTO rkdebug_migration (id) VALUES (\(migration.id))", logger: logger)
        new.append(migration.id)
      }
      return new
    }
  }

  /// The ids of the migrations applied, in the order they were.
  public func appliedMigrations() async throws -> [String] {
    var ids: [String] = []
    for try await id in try await connection.query(
      "SELECT id FROM rkdebug_migration ORDER BY applied_at, id", logger: logger
    ).decode(String.self) {
      ids.append(id)
    }
    return ids
  }

  /// The statements of a migration's SQL: a prepared statement holds one.
  static func statements(of sql: String) -> [String] {
    sql.components(separatedBy: ";\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .map { $0.hasSuffix(";") ? String($0.dropLast()) : $0 }
      .filter { !$0.isEmpty }
  }

  // MARK: - Helpers

  /// Runs one SQL statement without parameters; `package` for tests (making databases).
  package func execute(_ sql: String) async throws {
    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
  }

  /// The first column of the first row of `sql`, a count; `package` for tests.
  package func count(_ sql: String) async throws -> Int {
    for try await value in try await connection.query(
      PostgresQuery(unsafeSQL: sql), logger: logger
    ).decode(Int.self) {
      return value
    }
    return 0
  }

  /// `body` in a transaction: committed when it returns, rolled back when it throws (its
  /// error is rethrown as it is).
  func transaction<T: Sendable>(_ body: () async throws -> T) async throws -> T {
    try await execute("BEGIN")
    do {
      let value = try await body()
      try await execute("COMMIT")
      return value
    } catch {
      try? await execute("ROLLBACK")
      throw error
    }
  }

  @discardableResult
  func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
    try await connection.query(query, logger: logger)
  }
}
