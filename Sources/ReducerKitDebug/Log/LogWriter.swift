import Foundation
import GRDB

/// One unit of work for the ``LogWriter``: rows to insert or update, encoded on the writer's
/// thread so the recording store's `send` path stays cheap.
protocol LogWriteCommand: Sendable {
  func write(_ db: Database, _ context: inout LogWriteContext) throws
}

/// What commands share on the writer thread: the JSON encoder and the action label cache.
struct LogWriteContext {
  let encoder: JSONFragmentEncoder
  var labels = ActionLabelCache()
}

/// Writes log commands from a background thread in batched transactions.
///
/// `enqueue` blocks when ``capacity`` commands are waiting (back-pressure, never silent loss).
/// A write failure is kept and reported by the next `enqueue` or `flush`.
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
  let capacity: Int
  let durability: Durability

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
    while queue.count >= capacity, !isClosed, failure == nil {
      condition.wait()
    }
    if let failure { throw failure }
    guard !isClosed else { throw LogError.closed }
    queue.append(command)
    enqueued += 1
    condition.broadcast()
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

  private func run() {
    var context = LogWriteContext(encoder: JSONFragmentEncoder())
    while true {
      condition.lock()
      while queue.isEmpty, !isClosed { condition.wait() }
      if queue.isEmpty, isClosed {
        isFinished = true
        condition.broadcast()
        condition.unlock()
        return
      }
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
        batchFailure = error
      }

      condition.lock()
      committed += batch.count
      if let batchFailure, failure == nil { failure = batchFailure }
      condition.broadcast()
      condition.unlock()
    }
  }
}
