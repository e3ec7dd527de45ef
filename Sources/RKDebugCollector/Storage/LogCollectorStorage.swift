import Foundation
import NIOPosix
import RKDebugCLI
import ReducerKitDebug

/// `rkdebug serve`'s sessions in a log file of the usual format, when no database is given:
/// one command starts a collector on a laptop, and every rkdebug command reads what it
/// collected by the file's path.
///
/// Batches go through one connection, as a log has one writer at a time, committed with
/// ``Durability/everyAction`` before the collector answers; each read opens the file
/// read-only, so reads run beside the writer and each other (WAL). The work is synchronous
/// SQLite: it runs on NIO's thread pool, not on Swift's cooperative threads.
struct LogCollectorStorage: CollectorStorage {
  /// The log's path.
  let path: String
  private let writer: ActionLog

  /// Opens (or creates) the log at `path`.
  init(path: String) throws {
    self.path = path
    writer = try ActionLog(path: path, durability: .everyAction)
  }

  @discardableResult
  func ingest(
    _ header: SessionImport, items: [SessionImport.Item]
  ) async throws -> SessionBatchResult {
    try await run { try writer.appendBatch(header, items: items) }
  }

  func sessions(matching query: SessionQuery) async throws -> [LoggedSession] {
    try await run { try ActionLog.readOnly(path: path).sessions(matching: query) }
  }

  func exportText(ofSession uuid: String) async throws -> String? {
    try await run {
      let log = try ActionLog.readOnly(path: path)
      guard let session = try log.sessions().first(where: { $0.uuid == uuid }) else {
        return nil
      }
      return try SessionExport.text(of: try log.reader(session: session.id), in: log)
    }
  }

  func initialState(ofSession id: Int64) async throws -> String {
    try await run {
      try ActionLog.readOnly(path: path).reader(session: id).stateJSON(at: 0).serialized()
    }
  }

  func forEachPatchChunk(
    ofSession id: Int64, upTo last: Int, chunkSize: Int,
    _ body: ([(index: Int, ops: String)]) async throws -> Bool
  ) async throws {
    let reader = try await run {
      PatchReader(try ActionLog.readOnly(path: path).reader(session: id))
    }
    let last = min(last, reader.reader.actionCount)
    var start = 1
    while start <= last {
      let chunk = start...min(last, start + chunkSize - 1)
      let rows = try await run { try reader.reader.patchTexts(in: chunk) }
      guard try await body(rows) else { return }
      start = chunk.upperBound + 1
    }
  }

  /// `body`, on NIO's thread pool.
  private func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await NIOThreadPool.singleton.runIfActive(body)
  }

  /// A session's reader, handed to the thread pool one chunk at a time.
  ///
  /// `@unchecked Sendable`: one task uses it, one chunk after the other, so no two threads
  /// touch it at once.
  private final class PatchReader: @unchecked Sendable {
    let reader: SessionReader
    init(_ reader: SessionReader) { self.reader = reader }
  }
}
