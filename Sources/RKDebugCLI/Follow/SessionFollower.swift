import Foundation
import ReducerKitDebug

/// Follows a session while another process records it (`log --follow`, `changes --follow`):
/// every `interval`, it reads the actions committed since the last poll, until the session
/// ends.
///
/// The log is opened read-only, and a poll reads the session's row and only the actions after
/// the last one handed out. Without a session id it follows the newest session, and moves to
/// a newer one when it starts (after the last actions of the old one).
struct SessionFollower {
  /// What the follower hands out, in order.
  enum Event {
    /// It follows `reader`'s session from action `next`; `isNewer` when this session started
    /// while an older one was followed.
    case session(SessionReader, next: Int, isNewer: Bool)
    /// The next actions of the session, in index order.
    case actions(SessionReader, [LoggedAction])
  }

  /// The log, opened read-only.
  let log: ActionLog
  /// The session to follow, or `nil` for the newest.
  let sessionID: Int64?
  /// The first action to hand out; the first one committed after the start when `nil`.
  let from: Int?
  /// How long to wait between polls.
  var interval: Duration = .milliseconds(50)
  /// The most actions handed out at once.
  var chunkSize = 4096

  /// Hands out the events of the followed sessions until the session followed ends; throws
  /// ``OutputClosed`` when `isOutputClosed` says that no one reads any more.
  func run(_ handle: (Event) throws -> Void, isOutputClosed: () -> Bool) async throws {
    var reader = try log.reader(session: sessionID)
    var next = from ?? reader.actionCount + 1
    try handle(.session(reader, next: next, isNewer: false))
    while true {
      if reader.actionCount >= next {
        try reader.forEachChunk(in: next...reader.actionCount, chunkSize: chunkSize) {
          try handle(.actions(reader, $0))
        }
        next = reader.actionCount + 1
      }
      // Its row and its actions were read in that order: once it has ended, all are read.
      if reader.session.endedAt != nil { return }
      if sessionID == nil {
        let newest = try log.session()
        if newest.id > reader.session.id {
          reader = try log.reader(session: newest.id)
          next = 1
          try handle(.session(reader, next: next, isNewer: true))
          continue
        }
      }
      if isOutputClosed() { throw OutputClosed() }
      try await Task.sleep(for: interval)
      reader = try log.reader(session: reader.session.id)
    }
  }
}
