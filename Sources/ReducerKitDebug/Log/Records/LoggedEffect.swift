import Foundation
import GRDB

/// One recorded effect: which action started it, when, and how it ended.
public struct LoggedEffect: Codable, Sendable, Equatable {
  /// How an effect ended.
  public enum Outcome: String, Codable, Sendable {
    /// Its work ran to the end.
    case finished
    /// It was cancelled.
    case cancelled
    /// Its work threw; ``LoggedEffect/error`` holds the description.
    case failed
  }

  /// The effect's id within its session.
  public var id: Int
  /// The action whose reducer returned the effect.
  public var actionIndex: Int
  /// `run` or `send`.
  public var kind: String
  /// The cancellation ids the effect ran under.
  public var cancelIDs: [String]
  /// When the store started it.
  public var startedAt: Date
  /// When it ended; `nil` if it was still running when the session ended.
  public var endedAt: Date?
  /// How it ended; `nil` if it was still running.
  public var outcome: Outcome?
  /// The error's description, for a failed effect.
  public var error: String?

  /// Creates an effect from its logged fields; each parameter sets the property of the same
  /// name.
  public init(
    id: Int, actionIndex: Int, kind: String, cancelIDs: [String], startedAt: Date,
    endedAt: Date?, outcome: Outcome?, error: String?
  ) {
    self.id = id
    self.actionIndex = actionIndex
    self.kind = kind
    self.cancelIDs = cancelIDs
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.outcome = outcome
    self.error = error
  }

  init(row: Row) throws {
    id = row["id"]
    actionIndex = row["action_idx"]
    kind = row["kind"]
    let cancelIDsText: String = row["cancel_ids"]
    cancelIDs = (try? JSONDecoder().decode([String].self, from: Data(cancelIDsText.utf8))) ?? []
    startedAt = Date(timeIntervalSince1970: row["started_at"])
    endedAt = (row["ended_at"] as Double?).map(Date.init(timeIntervalSince1970:))
    outcome = (row["outcome"] as String?).flatMap(Outcome.init(rawValue:))
    error = row["error"]
  }
}
