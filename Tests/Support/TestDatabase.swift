import Foundation
import RKDebugCollector
import Testing

/// A new, empty database in the PostgreSQL cluster that `RKDEBUG_TEST_POSTGRES_URL` names
/// (scripts/postgres-test-cluster.sh starts one), for one test.
///
/// Without the variable a test fails under CI (`CI=true`): the collector's tests must run
/// there. Elsewhere it is skipped, saying why.
enum TestDatabase {
  struct Missing: Error, CustomStringConvertible {
    let description =
      "RKDEBUG_TEST_POSTGRES_URL is not set; start a cluster with "
      + "'eval \"$(scripts/postgres-test-cluster.sh start)\"'"
  }

  /// A store on a new database, migrated; `nil` (the test is skipped) when no cluster is given
  /// outside CI.
  static func store(
    _ comment: String = #function, migrate: Bool = true
  ) async throws -> CollectorStore? {
    let environment = ProcessInfo.processInfo.environment
    guard let base = environment["RKDEBUG_TEST_POSTGRES_URL"], !base.isEmpty else {
      if environment["CI"] == "true" { throw Missing() }
      print("\(comment): skipped: \(Missing())")
      return nil
    }
    let name = "rkdebug_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    let admin = try await CollectorStore.connect(url: base)
    try await admin.execute("CREATE DATABASE \(name)")
    try await admin.close()
    guard var components = URLComponents(string: base) else { throw Missing() }
    components.path = "/" + name
    let store = try await CollectorStore.connect(url: components.string ?? base)
    if migrate { try await store.migrate() }
    return store
  }
}
