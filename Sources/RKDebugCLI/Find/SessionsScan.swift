import Foundation
import ReducerKitDebug
import Synchronization

/// `find --all-sessions`: a ``PredicateScan`` of each of many sessions of a log, several
/// sessions at a time (one per core, each on a connection of its own), with the answers handed
/// back in the sessions' order as soon as every session before them is done.
///
/// ```swift
/// let scan = SessionsScan(predicate: p, logPath: "rkdebug.sqlite", sessions: log.sessions())
/// try scan.run(.ranges) { answer in print(answer.session.id, answer.ranges) }
/// ```
package struct SessionsScan: Sendable {
  /// What each session's scan looks for; the raw value names it in the collector's
  /// `GET /v1/find?mode=`.
  package enum Mode: String, Sendable {
    /// Every range where the predicate holds.
    case ranges
    /// The first index where it holds; the scan of a session stops there.
    case first
    /// The last index where it holds.
    case last
  }

  /// One session's answer: its ranges (for ``Mode/first`` and ``Mode/last``, one range of
  /// one index), empty when the predicate holds nowhere in it.
  package struct Answer: Sendable {
    package var session: LoggedSession
    package var ranges: [ClosedRange<Int>]

    package init(session: LoggedSession, ranges: [ClosedRange<Int>]) {
      self.session = session
      self.ranges = ranges
    }
  }

  /// The predicate.
  package let predicate: Predicate
  /// The log's path: each worker opens it read-only for itself.
  package let logPath: String
  /// The sessions to scan, in the order their answers are handed back.
  package let sessions: [LoggedSession]
  /// How many sessions are scanned at once.
  package var workers = ProcessInfo.processInfo.activeProcessorCount

  /// Scans every session, calling `body` with each session's answer in the order of
  /// ``sessions`` (one call at a time).
  ///
  /// - Throws: The first error of a session, in the sessions' order, prefixed with the
  ///   session (`session 3: …`); no answer after that session's is handed back.
  package func run(_ mode: Mode, _ body: @Sendable (Answer) -> Void) throws {
    let progress = Mutex(Progress(count: sessions.count))
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, sessions.count))) { _ in
      let log: ActionLog
      do {
        log = try ActionLog.readOnly(path: logPath)
      } catch {
        progress.withLock { $0.fail(error) }
        return
      }
      defer { try? log.close() }
      while let position = progress.withLock({ $0.take() }) {
        let session = sessions[position]
        let outcome = Result { try scan(session, in: log, mode) }
        progress.withLock { progress in
          progress.finish(position, outcome)
          while let answer = progress.nextInOrder(sessions) { body(answer) }
        }
      }
    }
    if let error = progress.withLock({ $0.error }) { throw error }
  }

  private func scan(_ session: LoggedSession, in log: ActionLog, _ mode: Mode) throws
    -> [ClosedRange<Int>]
  {
    do {
      let reader = try log.reader(session: session.id)
      var answer = AnswerBuilder(mode: mode)
      try PredicateScan(predicate: predicate, reader: reader).forEachIndex {
        answer.note($0, holds: $1)
      }
      return answer.ranges(endingAt: reader.actionCount)
    } catch {
      throw RKDebugError("session \(session.id): \(error)")
    }
  }

  /// One session's answer in a mode, built from whether the predicate holds at each index in
  /// turn, from 0: for a scan of a log here, or of a collector's database.
  package struct AnswerBuilder {
    package let mode: Mode
    private var builder = PredicateScan.RangeBuilder()
    private var found: [ClosedRange<Int>] = []

    package init(mode: Mode) { self.mode = mode }

    /// Notes whether the predicate holds at `index`; returns whether to go on (`false` once
    /// ``Mode/first`` has its index).
    package mutating func note(_ index: Int, holds: Bool) -> Bool {
      switch mode {
      case .ranges:
        if let range = builder.note(index, holds: holds) { found.append(range) }
      case .first:
        if holds { found = [index...index] }
        return !holds
      case .last:
        if holds { found = [index...index] }
      }
      return true
    }

    /// The answer, once the last index noted is `last`.
    package func ranges(endingAt last: Int) -> [ClosedRange<Int>] {
      guard mode == .ranges, let open = builder.end(at: last) else { return found }
      return found + [open]
    }
  }

  /// The workers' shared account: the next session to take, the answers not yet handed back,
  /// and the first error.
  private struct Progress {
    var next = 0
    var handedBack = 0
    var finished: [Int: Result<[ClosedRange<Int>], any Error>] = [:]
    var error: (any Error)?
    let count: Int

    init(count: Int) { self.count = count }

    /// The position of the next session to scan, or `nil` when all are taken or one failed.
    mutating func take() -> Int? {
      guard error == nil, next < count else { return nil }
      defer { next += 1 }
      return next
    }

    mutating func finish(_ position: Int, _ outcome: Result<[ClosedRange<Int>], any Error>) {
      finished[position] = outcome
    }

    mutating func fail(_ error: any Error) {
      if self.error == nil { self.error = error }
    }

    /// The next answer in order, once it and every one before it are done.
    mutating func nextInOrder(_ sessions: [LoggedSession]) -> Answer? {
      guard error == nil, let outcome = finished.removeValue(forKey: handedBack) else {
        return nil
      }
      switch outcome {
      case .success(let ranges):
        defer { handedBack += 1 }
        return Answer(session: sessions[handedBack], ranges: ranges)
      case .failure(let error):
        self.error = error
        return nil
      }
    }
  }
}
