import Foundation

/// What `rkdebug record` recorded.
struct RecordingOutcome: Sendable {
  /// The uuid of the recorded session. Another process may record into the same log at the
  /// same time, so the session is found by its uuid, not as the newest one.
  var sessionUUID: UUID
  /// How many actions were sent (actions emitted by effects come on top).
  var sent: Int
}
