import Foundation
import PostgresNIO
import ReducerKitDebug
import Synchronization

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
/// A pool of connections (postgres-nio's `PostgresClient`): batches of different sessions are
/// stored in parallel, and a connection the server dropped (a restart) is replaced.
public final class CollectorStore: Sendable {
  private let client: PostgresClient
  private let running: Task<Void, Never>
  private let logger = Logger(label: "rkdebug.collector")

  private init(client: PostgresClient) {
    self.client = client
    running = Task { await client.run() }
  }

  /// Connects to the database at `url`, `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`,
  /// without TLS (a loopback or private server; TLS comes with `rkdebug serve`).
  ///
  /// One connection is opened and closed first, so that a wrong address or password fails
  /// here, at once, rather than as requests waiting for the pool.
  public static func connect(url: String) async throws -> CollectorStore {
    let address = try Address(url: url)
    try await execute(nil, on: address)
    var configuration = PostgresClient.Configuration(
      host: address.host, port: address.port, username: address.user,
      password: address.password, database: address.database, tls: .disable)
    configuration.options.maximumConnections = 8
    return CollectorStore(client: PostgresClient(configuration: configuration))
  }

  /// Runs one SQL statement on a connection of its own to the database at `url`, outside any
  /// pool; `package` for tests (making databases).
  package static func execute(_ sql: String, onDatabaseAt url: String) async throws {
    try await execute(sql, on: try Address(url: url))
  }

  /// Opens a connection, runs `sql` when given, and closes it.
  private static func execute(_ sql: String?, on address: Address) async throws {
    let logger = Logger(label: "rkdebug.collector")
    let connection = try await PostgresConnection.connect(
      configuration: PostgresConnection.Configuration(
        host: address.host, port: address.port, username: address.user,
        password: address.password, database: address.database, tls: .disable),
      id: 0, logger: logger)
    do {
      if let sql { try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger) }
    } catch {
      try? await connection.close()
      throw error
    }
    try await connection.close()
  }

  /// A database's address, read from a `postgres://` URL.
  private struct Address {
    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String?

    init(url: String) throws {
      guard let components = URLComponents(string: url),
        ["postgres", "postgresql"].contains(components.scheme), let host = components.host,
        let user = components.user
      else {
        throw CollectorError(
          "'\(url)' is not a PostgreSQL URL (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE)")
      }
      let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
      self.host = host
      port = components.port ?? 5432
      self.user = user
      password = components.password
      database = path.isEmpty ? nil : path
    }
  }

  /// Stops the pool and closes its connections.
  public func close() async throws {
    running.cancel()
    await running.value
  }

  /// How long a call waits for a connection of the pool before it fails with
  /// ``CollectorUnavailable``: while the database restarts, a request fails soon and its
  /// client sends it again, rather than waiting as long as the pool's reconnection does.
  static let connectionWait: Duration = .seconds(5)

  /// Runs `body` with a connection of the pool, for the length of `body`, or until the
  /// connection closes (``untilClosed(_:_:)``).
  ///
  /// - Throws: ``CollectorUnavailable`` when the pool gives no connection within
  ///   ``connectionWait``, or fails to give one (while the database is down, postgres-nio's
  ///   pool answers a lease only when its circuit breaker trips, a minute later). The lease
  ///   then goes on alone, and gives back at once a connection that comes too late.
  func withConnection<T: Sendable>(
    _ body: @escaping @Sendable (CollectorConnection) async throws -> T
  ) async throws -> T {
    let logger = logger
    let client = client
    let lease = Lease()
    let outcome = FirstOutcome<T>()
    let work = Task {
      do {
        let value = try await client.withConnection { connection in
          guard lease.take() else { throw CollectorUnavailable() }
          return try await Self.untilClosed(connection) {
            try await body(CollectorConnection(connection: connection, logger: logger))
          }
        }
        outcome.resume(with: .success(value))
      } catch {
        // An error before a connection was lent is the pool's: the database gave none.
        outcome.resume(with: .failure(lease.giveUp() ? CollectorUnavailable() : error))
      }
    }
    let timer = Task {
      try await Task.sleep(for: Self.connectionWait)
      if lease.giveUp() { outcome.resume(with: .failure(CollectorUnavailable())) }
    }
    defer { timer.cancel() }
    return try await withTaskCancellationHandler {
      try await outcome.value()
    } onCancel: {
      work.cancel()
    }
  }

  /// How often a call checks that its connection is still open (``untilClosed(_:_:)``).
  static let closeCheck: Duration = .milliseconds(200)

  /// `body`'s result, or ``CollectorUnavailable`` once `connection` has closed (the database
  /// stopped or restarted). postgres-nio (1.33) never completes a statement sent on a connection
  /// it has already closed, nor a COPY waiting for the socket when it closes: `body` may never
  /// return, and its request would wait for the client's read timeout (120 s). Such a `body` is
  /// left behind, on a connection no one else uses. (Checked every ``closeCheck`` rather than
  /// on the connection's `closeFuture`, which would keep a callback per call until it closes.)
  private static func untilClosed<T: Sendable>(
    _ connection: PostgresConnection, _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    guard !connection.isClosed else { throw CollectorUnavailable(closed: true) }
    let outcome = FirstOutcome<T>()
    let task = Task {
      do {
        let value = try await body()
        outcome.resume(with: .success(value))
      } catch {
        outcome.resume(with: .failure(error))
      }
    }
    let watch = Task {
      while !connection.isClosed { try await Task.sleep(for: Self.closeCheck) }
      outcome.resume(with: .failure(CollectorUnavailable(closed: true)))
    }
    defer {
      task.cancel()
      watch.cancel()
    }
    return try await withTaskCancellationHandler {
      try await outcome.value()
    } onCancel: {
      task.cancel()
    }
  }

  // MARK: - Schema

  /// Applies the migrations the database has not had, each in its own transaction, and
  /// returns their ids. Concurrent callers wait for each other (an advisory lock).
  @discardableResult
  public func migrate() async throws -> [String] {
    try await withConnection { try await $0.migrate() }
  }

  /// The ids of the migrations applied, in the order they were.
  public func appliedMigrations() async throws -> [String] {
    try await withConnection { try await $0.appliedMigrations() }
  }

  // MARK: - Helpers

  /// Runs one SQL statement without parameters; `package` for tests (making databases).
  package func execute(_ sql: String) async throws {
    try await withConnection { try await $0.execute(sql) }
  }

  /// The first column of the first row of `sql`, a count; `package` for tests.
  package func count(_ sql: String) async throws -> Int {
    try await withConnection { try await $0.count(sql) }
  }
}

/// Whether a call's connection was leased, shared by the call and its timer.
/// Whether a call got its connection, or gave up waiting for one: whichever comes first.
private final class Lease: Sendable {
  private enum State { case waiting, taken, givenUp }
  private let state = Mutex(State.waiting)

  /// Takes the connection lent; `false` when the call gave up before.
  func take() -> Bool {
    state.withLock { state in
      guard state == .waiting else { return state == .taken }
      state = .taken
      return true
    }
  }

  /// Gives up waiting; `false` when the connection was taken before.
  func giveUp() -> Bool {
    state.withLock { state in
      guard state == .waiting else { return state == .givenUp }
      state = .givenUp
      return true
    }
  }
}

/// The first result given for a call (its body's, or its connection's close), to the one caller
/// waiting for it; any later one is dropped.
private final class FirstOutcome<T: Sendable>: Sendable {
  private struct State {
    var result: Result<T, any Error>?
    var waiter: CheckedContinuation<T, any Error>?
  }
  private let state = Mutex(State())

  /// Gives `result`, unless one was given before.
  func resume(with result: Result<T, any Error>) {
    let waiter = state.withLock { state -> CheckedContinuation<T, any Error>? in
      guard state.result == nil else { return nil }
      state.result = result
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(with: result)
  }

  /// The first result given, once there is one.
  func value() async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      let result = state.withLock { state -> Result<T, any Error>? in
        if state.result == nil { state.waiter = continuation }
        return state.result
      }
      if let result { continuation.resume(with: result) }
    }
  }
}

/// One connection of the pool, lent to one call: a transaction owns its connection.
struct CollectorConnection: Sendable {
  let connection: PostgresConnection
  let logger: Logger

  /// See ``CollectorStore/migrate()``.
  func migrate() async throws -> [String] {
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

  /// See ``CollectorStore/appliedMigrations()``.
  func appliedMigrations() async throws -> [String] {
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

  /// Runs one SQL statement without parameters.
  func execute(_ sql: String) async throws {
    try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
  }

  /// The first column of the first row of `sql`, a count.
  func count(_ sql: String) async throws -> Int {
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
      // A connection the server closed has no transaction left to roll back.
      if !connection.isClosed { try? await execute("ROLLBACK") }
      throw error
    }
  }

  @discardableResult
  func query(_ query: PostgresQuery) async throws -> PostgresRowSequence {
    try await connection.query(query, logger: logger)
  }
}
