import Foundation
import RKDebugCollector

/// A new, empty database in the PostgreSQL cluster that `RKDEBUG_TEST_POSTGRES_URL` names
/// (scripts/postgres-test-cluster.sh starts one), for one test.
///
/// Without the variable a test fails under CI (`CI=true`): the collector's tests must run
/// there. Elsewhere it is skipped, saying why.
public enum TestDatabase {
  public struct Missing: Error, CustomStringConvertible {
    public let description =
      "RKDEBUG_TEST_POSTGRES_URL is not set; start a cluster with "
      + "'eval \"$(scripts/postgres-test-cluster.sh start)\"'"
  }

  /// The URL of a new database; `nil` (the test is skipped) when no cluster is given outside
  /// CI.
  public static func url(_ comment: String = #function) async throws -> String? {
    let environment = ProcessInfo.processInfo.environment
    guard let base = environment["RKDEBUG_TEST_POSTGRES_URL"], !base.isEmpty else {
      if environment["CI"] == "true" { throw Missing() }
      print("\(comment): skipped: \(Missing())")
      return nil
    }
    let name = "rkdebug_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    // A connection of its own, not a pool: a pool's connections are made by a task, which a
    // test waiting for a process may starve of the cooperative pool's threads.
    try await CollectorStore.execute("CREATE DATABASE \(name)", onDatabaseAt: base)
    guard var components = URLComponents(string: base) else { throw Missing() }
    components.path = "/" + name
    return components.string ?? base
  }

  /// A store on a new database, migrated unless `migrate` is false; `nil` as for ``url(_:)``.
  public static func store(
    _ comment: String = #function, migrate: Bool = true
  ) async throws -> CollectorStore? {
    guard let url = try await url(comment) else { return nil }
    let store = try await CollectorStore.connect(url: url)
    if migrate { try await store.migrate() }
    return store
  }
}
