import Foundation
import RKDebugCollector
import ReducerKitDebug

/// `find --all-sessions` on a collector, run by the collector: each session's patches read
/// from its database a chunk at a time and applied in one forward pass, as ``PredicateScan``
/// does on a log, several sessions at once (one per core).
struct CollectorSessionsScan: Sendable {
  let store: CollectorStore
  let predicate: Predicate
  /// The sessions to scan, in the order of the answers.
  let sessions: [LoggedSession]
  /// How many sessions are scanned at once.
  var workers = ProcessInfo.processInfo.activeProcessorCount

  /// Every session's answer, in the order of ``sessions``.
  ///
  /// - Throws: The error of the first session, in that order, that failed (`session 3: …`).
  func run(_ mode: SessionsScan.Mode) async throws -> [SessionsScan.Answer] {
    typealias Outcome = Result<[ClosedRange<Int>], any Error>
    let sessions = sessions
    let answer: @Sendable (Int) async -> (Int, Outcome) = { position in
      let session = sessions[position]
      do {
        return (position, .success(try await scan(session, mode)))
      } catch {
        return (position, .failure(RKDebugError("session \(session.id): \(error)")))
      }
    }
    let outcomes = await withTaskGroup(of: (Int, Outcome).self, returning: [Outcome?].self) {
      group in
      var outcomes = [Outcome?](repeating: nil, count: sessions.count)
      var next = min(max(1, workers), sessions.count)
      for position in 0..<next {
        group.addTask { await answer(position) }
      }
      while let (position, outcome) = await group.next() {
        outcomes[position] = outcome
        if next < sessions.count {
          let position = next
          next += 1
          group.addTask { await answer(position) }
        }
      }
      return outcomes
    }
    return try zip(sessions, outcomes).map { session, outcome in
      SessionsScan.Answer(session: session, ranges: try outcome?.get() ?? [])
    }
  }

  /// One session's answer.
  private func scan(
    _ session: LoggedSession, _ mode: SessionsScan.Mode
  ) async throws -> [ClosedRange<Int>] {
    var state = try JSONValue(parsing: try await store.initialState(ofSession: session.id))
    var answer = SessionsScan.AnswerBuilder(mode: mode)
    var last = 0
    guard answer.note(0, holds: try predicate.evaluate(in: state)) else {
      return answer.ranges(endingAt: last)
    }
    try await store.forEachPatchChunk(ofSession: session.id) { rows in
      for (index, ops) in rows {
        let patch: [JSONPatchOperation]
        do {
          patch = try [JSONPatchOperation](compactText: ops)
        } catch {
          throw LogError.corrupt("the patch of action \(index) does not parse: \(error)")
        }
        try PredicateScan.apply(patch, to: &state, index: index, session: session.id)
        last = index
        guard answer.note(index, holds: try predicate.evaluate(in: state)) else { return false }
      }
      return true
    }
    return answer.ranges(endingAt: last)
  }
}
