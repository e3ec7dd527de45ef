import Foundation
import NIOPosix
import RKDebugCLI
import ReducerKitDebug

/// `find --all-sessions` on a collector, run by the collector: each session's patches read
/// from its store a chunk at a time and applied in one forward pass on NIO's thread pool,
/// as ``PredicateScan`` does on a log, several sessions at once (one per core).
struct CollectorSessionsScan: Sendable {
  let store: any CollectorStorage
  let predicate: RKDebugCLI.Predicate
  /// The sessions to scan, in the order of the answers.
  let sessions: [LoggedSession]
  /// How many sessions are scanned at once.
  var workers = ProcessInfo.processInfo.activeProcessorCount

  /// A session whose search failed for what it holds (the predicate fails on one of its
  /// states, a patch does not apply), not for the database: `session 3: …`.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Scans every session, calling `body` with each answer in the order of ``sessions`` as
  /// soon as it and every one before it are done.
  ///
  /// - Throws: The error of the first session, in that order, that failed (a ``Failure``, or
  ///   the database's error); no session is started after it, and none answered after it.
  func run(
    _ mode: SessionsScan.Mode, _ body: (SessionsScan.Answer) async throws -> Void
  ) async throws {
    typealias Outcome = Result<[ClosedRange<Int>], any Error>
    let sessions = sessions
    let answer: @Sendable (Int) async -> (Int, Outcome) = { position in
      do {
        return (position, .success(try await scanWaitingForTheDatabase(sessions[position], mode)))
      } catch {
        return (position, .failure(error))
      }
    }
    try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
      var finished: [Int: Outcome] = [:]
      var next = min(max(1, workers), sessions.count)
      var handedBack = 0
      for position in 0..<next {
        group.addTask { await answer(position) }
      }
      while let (position, outcome) = try await group.next() {
        finished[position] = outcome
        // A failure ends the search: the tasks left are cancelled as the group ends.
        while let outcome = finished.removeValue(forKey: handedBack) {
          let ranges = try outcome.get()
          try await body(SessionsScan.Answer(session: sessions[handedBack], ranges: ranges))
          handedBack += 1
        }
        if next < sessions.count {
          let position = next
          next += 1
          group.addTask { await answer(position) }
        }
      }
    }
  }

  /// How long a session's scan is tried again while the database gives it no connection (uploads
  /// hold them all, or it restarts): well within the client's read timeout (120 s), since
  /// nothing is written to the answer meanwhile.
  static let unavailableWait: Duration = .seconds(60)

  /// ``scan(_:_:)``, begun again after a wait, doubling up to 2 s, when the database gives no
  /// connection (``CollectorUnavailable``): nothing of the session was answered yet.
  private func scanWaitingForTheDatabase(
    _ session: LoggedSession, _ mode: SessionsScan.Mode
  ) async throws -> [ClosedRange<Int>] {
    let clock = ContinuousClock()
    let deadline = clock.now + Self.unavailableWait
    var delay = Duration.milliseconds(100)
    while true {
      do {
        return try await scan(session, mode)
      } catch let error as CollectorUnavailable {
        guard clock.now + delay < deadline else { throw error }
        try await Task.sleep(for: delay)
        delay = min(delay * 2, .seconds(2))
      }
    }
  }

  /// One session's answer, up to the last action the listing counted (a session still
  /// recording may have more by now).
  private func scan(
    _ session: LoggedSession, _ mode: SessionsScan.Mode
  ) async throws -> [ClosedRange<Int>] {
    let initialState = try await store.initialState(ofSession: session.id)
    let progress = try Progress(
      session: session.id, predicate: predicate, mode: mode, initialState: initialState)
    guard progress.goesOn else { return progress.answer.ranges(endingAt: 0) }
    try await store.forEachPatchChunk(
      ofSession: session.id, upTo: session.actionCount, chunkSize: 4096
    ) { rows in
      try Task.checkCancellation()
      // Parsing, applying and evaluating are long synchronous work: on NIO's thread pool,
      // they leave the threads of Swift's cooperative pool to the server's other requests.
      return try await NIOThreadPool.singleton.runIfActive { try progress.step(rows) }
    }
    return progress.answer.ranges(endingAt: session.actionCount)
  }

  /// A session's scan between chunks: the state and the answer so far.
  ///
  /// `@unchecked Sendable`: one task uses it, handing it to the thread pool one chunk at a
  /// time, so no two threads touch it at once.
  private final class Progress: @unchecked Sendable {
    let session: Int64
    let predicate: RKDebugCLI.Predicate
    var state: JSONValue
    var answer: SessionsScan.AnswerBuilder
    private(set) var goesOn = true

    init(
      session: Int64, predicate: RKDebugCLI.Predicate, mode: SessionsScan.Mode, initialState: String
    ) throws {
      self.session = session
      self.predicate = predicate
      answer = SessionsScan.AnswerBuilder(mode: mode)
      state = try Self.failing(session) { try JSONValue(parsing: initialState) }
      let holds = try Self.failing(session) { try predicate.evaluate(in: state) }
      goesOn = answer.note(0, holds: holds)
    }

    /// Applies a chunk's patches and notes where the predicate holds; returns whether to go on.
    func step(_ rows: [(index: Int, ops: String)]) throws -> Bool {
      try Self.failing(session) {
        for (index, ops) in rows {
          let patch: [JSONPatchOperation]
          do {
            patch = try [JSONPatchOperation](compactText: ops)
          } catch {
            throw LogError.corrupt("the patch of action \(index) does not parse: \(error)")
          }
          try PredicateScan.apply(patch, to: &state, index: index, session: session)
          guard answer.note(index, holds: try predicate.evaluate(in: state)) else {
            goesOn = false
            return false
          }
        }
        return true
      }
    }

    /// `body`'s result, its error a ``Failure`` naming the session.
    private static func failing<T>(_ session: Int64, _ body: () throws -> T) throws -> T {
      do {
        return try body()
      } catch {
        throw Failure(description: "session \(session): \(error)")
      }
    }
  }
}
