import Foundation
import GRDB
import RKDebugCollectorTestSupport
import Testing

@testable import RKDebugCLI
@testable import RKDebugCollector

/// A collector's store for one test: PostgreSQL (a new database of the test cluster) or a log
/// file, the two places `rkdebug serve` keeps sessions; the rules of a batch are the same.
struct StorageUnderTest {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case postgres
    case log
    var testDescription: String { rawValue }
  }

  let storage: any CollectorStorage
  /// The rows of each table (`session`, `action`, `effect`, `snapshot`, `input`), to show that
  /// a refused or repeated batch stores nothing.
  let rowCounts: () async throws -> [String: Int]
  let close: () async throws -> Void

  /// A new, empty store of `kind`; `nil` when the PostgreSQL test is skipped (outside CI,
  /// without a cluster).
  static func open(
    _ kind: Kind, _ comment: String = #function
  ) async throws -> StorageUnderTest? {
    switch kind {
    case .postgres:
      guard let store = try await TestDatabase.store(comment) else { return nil }
      return StorageUnderTest(
        storage: store,
        rowCounts: {
          var counts: [String: Int] = [:]
          for table in ["session", "action", "effect", "snapshot", "input"] {
            counts[table] = try await store.count("SELECT count(*)::bigint FROM \(table)")
          }
          return counts
        }, close: { try await store.close() })
    case .log:
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("rkdebug-collector-log-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let path = directory.appendingPathComponent("collected.sqlite").path
      let storage = try LogCollectorStorage(path: path)
      return StorageUnderTest(
        storage: storage,
        rowCounts: {
          let database = try DatabaseQueue(path: path)
          return try await database.read { db in
            var counts: [String: Int] = [:]
            let tables = [
              "session": "session", "action": "action_entry", "effect": "effect",
              "snapshot": "snapshot", "input": "input",
            ]
            for (name, table) in tables {
              counts[name] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")
            }
            return counts
          }
        }, close: { try? FileManager.default.removeItem(at: directory) })
    }
  }

  /// What `rkdebug export` writes for the session `uuid` as stored.
  func export(_ uuid: String) async throws -> String? {
    try await storage.exportText(ofSession: uuid)
  }
}
