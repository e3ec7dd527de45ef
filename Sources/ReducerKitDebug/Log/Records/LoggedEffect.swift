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

  /// The columns ``init(row:)`` reads, in its order.
  static let selection = "id, action_idx, kind, cancel_ids, started_at, ended_at, outcome, error"

  /// Reads an effect from a row of ``selection``, by position (GRDB looks a name up
  /// case-insensitively, per row).
  init(row: Row) throws {
    id = row[0]
    actionIndex = row[1]
    kind = row[2]
    // A JSON array of strings, as `JSONDecoder` would read `[String]`: anything else is none.
    // Most effects have none, the default `[]`, which needs no parser.
    let cancelIDsText: String = row[3]
    let elements =
      cancelIDsText == "[]" ? [] : (try? JSONValue(parsing: cancelIDsText))?.arrayValue ?? []
    let cancelIDs = elements.compactMap(\.stringValue)
    self.cancelIDs = cancelIDs.count == elements.count ? cancelIDs : []
    startedAt = Date(timeIntervalSince1970: row[4])
    endedAt = (row[5] as Double?).map(Date.init(timeIntervalSince1970:))
    outcome = (row[6] as String?).flatMap(Outcome.init(rawValue:))
    error = row[7]
  }
}
