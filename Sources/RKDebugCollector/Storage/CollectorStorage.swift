import NIOPosix
import ReducerKitDebug

/// Where `rkdebug serve` keeps the sessions it collects: a PostgreSQL database
/// (``CollectorStore``) or, when no database is given, a log file (``LogCollectorStorage``).
/// The HTTP API is the same over both.
protocol CollectorStorage: Sendable {
  /// Stores a batch of a session by the rules of ``SessionBatch``.
  @discardableResult
  func ingest(
    _ header: SessionImport, items: [SessionImport.Item]
  ) async throws -> SessionBatchResult

  /// The stored sessions that `query` keeps, oldest first, numbered by the store.
  func sessions(matching query: SessionQuery) async throws -> [LoggedSession]

  /// What `rkdebug export` writes for the session `uuid`; `nil` when none has that uuid.
  func exportText(ofSession uuid: String) async throws -> String?

  /// The state the session `id` starts from, as JSON text.
  func initialState(ofSession id: Int64) async throws -> String

  /// Calls `body` with the patches of the session `id`'s actions 1 through `last`, in index
  /// order, at most `chunkSize` at a time, as `(index, ops)` with the patch in the log's
  /// compact form; `body` returns `false` to stop.
  func forEachPatchChunk(
    ofSession id: Int64, upTo last: Int, chunkSize: Int,
    _ body: ([(index: Int, ops: String)]) async throws -> Bool
  ) async throws
}

extension CollectorStore: CollectorStorage {
  func exportText(ofSession uuid: String) async throws -> String? {
    let session: SessionImport
    do {
      session = try await self.session(uuid: uuid)
    } catch is CollectorError {
      return nil
    }
    // Exporting is long synchronous work: on NIO's thread pool, it leaves the threads of
    // Swift's cooperative pool to the database's connections.
    return try await NIOThreadPool.singleton.runIfActive { try SessionExport.text(of: session) }
  }
}
