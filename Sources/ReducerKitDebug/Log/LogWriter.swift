import Foundation
import GRDB
import ReducerKit

/// One unit of work for the ``LogWriter``: rows to insert or update, encoded on the writer's
/// thread so the recording store's `send` path stays cheap.
protocol LogWriteCommand: Sendable {
  func write(_ db: Database, _ context: inout LogWriteContext) throws
}

/// What commands share on the writer thread: the JSON encoder, the action text cache, the
/// statement that inserts action rows and the buffer of their patch text.
struct LogWriteContext {
  let encoder: JSONFragmentEncoder
  var actionTexts = ActionTextCache()
  /// The UTF-8 text of the patch of the action being written, emptied and reused for each.
  var opsText: [UInt8] = []
  private var actionInsert: DirectStatement?

  init(encoder: JSONFragmentEncoder) {
    self.encoder = encoder
  }

  /// The statement inserting one `action_entry` row, prepared on first use.
  mutating func actionInsertStatement(_ db: Database) throws -> DirectStatement {
    if let actionInsert { return actionInsert }
    let statement = try DirectStatement(db, sql: LoggedAction.insertSQL)
    actionInsert = statement
    return statement
  }
}

/// Writes log commands from a background thread in batched transactions.
///
/// `enqueue` blocks when ``capacity`` commands are waiting (back-pressure, never silent loss).
/// A write failure is kept and reported by the next `enqueue` or `flush`.
///
/// Group commit: with ``Durability/buffered``, a sleeping writer is woken by the first command
/// queued, then lingers up to ``linger`` (or until the queue is half full, a `flush` or
/// `close`) before taking the batch, so each transaction commits many actions. After a batch
/// it stays awake for ``pollingPeriod``, looking at the queue every ``linger`` on its own
/// clock, and sleeps only when that passes without a command: while actions keep coming, the
/// `send` path never wakes the writer thread, since a wake-up is a system call paid by the
/// sender (docs/performance.md, "Why the code is shaped this way").
final class LogWriter: @unchecked Sendable {
  // `@unchecked`: every mutable property is only touched while `condition` is locked.
  private let database: DatabaseQueue
  private let condition = NSCondition()
  private var queue: [any LogWriteCommand] = []
  private var enqueued = 0
  private var committed = 0
  private var failure: (any Error)?
  private var isClosed = false
  private var isFinished = false
  /// A `flush` is waiting: take the batch now instead of lingering.
  private var isFlushRequested = false
  /// The writer waits for a command with no deadline: the next `enqueue` must wake it.
  private var isAsleep = false
  let capacity: Int
  let durability: Durability

  /// How long the writer waits for more commands after the first one of a batch.
  static let linger: Duration = .milliseconds(1)

  /// How long the writer keeps looking at the queue every ``linger`` after a batch before it
  /// sleeps until a command wakes it.
  static let pollingPeriod: Duration = .milliseconds(50)

  init(database: DatabaseQueue, capacity: Int, durability: Durability) {
    self.database = database
    self.capacity = capacity
    self.durability = durability
    let thread = Thread { [self] in run() }
    thread.name = "rkdebug.log-writer"
    thread.qualityOfService = .utility
    thread.start()
  }

  /// Queues a command, waiting while the queue is full. With ``Durability/everyAction`` it also
  /// waits until the command is committed.
  func enqueue(_ command: any LogWriteCommand) throws {
    condition.lock()
    defer { condition.unlock() }
    // A full queue is past half full: the writer has stopped lingering and is writing.
    while queue.count >= capacity, !isClosed, failure == nil {
      condition.wait()
    }
    if let failure { throw failure }
    guard !isClosed else { throw LogError.closed }
    queue.append(command)
    enqueued += 1
    // Wake the writer when it sleeps (a polling writer finds the command on its own), when it
    // should stop lingering (half full), or when this send waits for its commit.
    if (isAsleep && queue.count == 1) || queue.count == capacity / 2
      || durability == .everyAction
    {
      condition.broadcast()
    }
    if durability == .everyAction {
      let target = enqueued
      while committed < target, failure == nil { condition.wait() }
      if let failure { throw failure }
    }
  }

  /// Waits until everything queued so far is committed.
  func flush() throws {
    condition.lock()
    defer { condition.unlock() }
    let target = enqueued
    if committed < target {
      isFlushRequested = true
      condition.broadcast()
    }
    while committed < target, failure == nil, !isFinished {
      condition.wait()
    }
    if let failure { throw failure }
  }

  /// Commits what is queued, then stops the thread. Later `enqueue`s throw.
  func close() throws {
    condition.lock()
    isClosed = true
    condition.broadcast()
    while !isFinished { condition.wait() }
    let failure = self.failure
    condition.unlock()
    if let failure { throw failure }
  }

  /// Whether the queued commands are wanted now rather than after lingering, or the log is
  /// closed.
  private var isBatchWanted: Bool {
    isClosed || (!queue.isEmpty && (isFlushRequested || queue.count >= capacity / 2))
  }

  /// With the condition locked: returns when the queued commands are due (or the queue is
  /// empty and the log closed).
  ///
  /// - Parameter pollUntil: After a batch of a buffered log, when to stop looking at the queue
  ///   every ``linger`` and sleep until a command wakes the writer; `nil` to sleep at once.
  private func waitForCommands(pollUntil: Date?) {
    if let pollUntil {
      var tick = Date(timeIntervalSinceNow: Self.linger.inSeconds)
      while !isBatchWanted {
        guard !condition.wait(until: tick) else { continue }
        // A tick passed: whatever is queued has waited at most one `linger`.
        if !queue.isEmpty { return }
        if Date() >= pollUntil { break }
        tick = Date(timeIntervalSinceNow: Self.linger.inSeconds)
      }
      if isBatchWanted { return }
    }
    isAsleep = true
    while queue.isEmpty, !isClosed { condition.wait() }
    isAsleep = false
    lingerForMoreCommands()
  }

  /// With the condition locked and commands queued: waits up to ``linger`` for more, unless
  /// the batch is wanted now.
  private func lingerForMoreCommands() {
    guard durability == .buffered else { return }
    let deadline = Date(timeIntervalSinceNow: Self.linger.inSeconds)
    while !isBatchWanted, condition.wait(until: deadline) {}
  }

  private func run() {
    var context = LogWriteContext(encoder: JSONFragmentEncoder())
    var pollUntil: Date?
    while true {
      condition.lock()
      waitForCommands(pollUntil: pollUntil)
      if queue.isEmpty, isClosed {
        isFinished = true
        condition.broadcast()
        condition.unlock()
        return
      }
      isFlushRequested = false
      let batch = queue
      queue.removeAll(keepingCapacity: true)
      condition.broadcast()
      condition.unlock()

      var batchFailure: (any Error)?
      do {
        try database.inTransaction(.immediate) { db in
          for command in batch { try command.write(db, &context) }
          return .commit
        }
      } catch {
        batchFailure = (error as? DatabaseError).map { LogError($0, path: database.path) } ?? error
        // The transaction rolled back the action texts it inserted.
        context.actionTexts.removeAll()
      }

      condition.lock()
      committed += batch.count
      if let batchFailure, failure == nil { failure = batchFailure }
      condition.broadcast()
      condition.unlock()
      pollUntil =
        durability == .buffered
        ? Date(timeIntervalSinceNow: Self.pollingPeriod.inSeconds) : nil
    }
  }
}
