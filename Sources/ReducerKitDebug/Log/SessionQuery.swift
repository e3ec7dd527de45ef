import Foundation
import GRDB

/// Which sessions of a log to list or search: `rkdebug sessions --feature todos --failed`,
/// `rkdebug find --all-sessions --since 1d`. Every condition given must hold.
public struct SessionQuery: Sendable, Equatable {
  /// Only sessions recorded under this feature name.
  public var feature: String?
  /// Only sessions that started at or after this time.
  public var startedSince: Date?
  /// Only sessions that started before this time.
  public var startedBefore: Date?
  /// Only sessions whose metadata holds each of these key-value pairs.
  public var metadata: [String: String]
  /// Only sessions with at least one effect that failed (`true`), or with none (`false`).
  public var hasFailedEffect: Bool?

  public init(
    feature: String? = nil, startedSince: Date? = nil, startedBefore: Date? = nil,
    metadata: [String: String] = [:], hasFailedEffect: Bool? = nil
  ) {
    self.feature = feature
    self.startedSince = startedSince
    self.startedBefore = startedBefore
    self.metadata = metadata
    self.hasFailedEffect = hasFailedEffect
  }

  /// Whether the query keeps every session.
  public var isEmpty: Bool { self == SessionQuery() }

  /// The query as an SQL condition on the log's `session` table.
  var condition: SQLExpression {
    var conditions: [SQLExpression] = []
    if let feature {
      conditions.append(LoggedSession.Columns.feature == feature)
    }
    if let startedSince {
      conditions.append(LoggedSession.Columns.startedAt >= startedSince.timeIntervalSince1970)
    }
    if let startedBefore {
      conditions.append(LoggedSession.Columns.startedAt < startedBefore.timeIntervalSince1970)
    }
    for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
      // json_each rather than a JSON path: a key may hold any character.
      conditions.append(
        SQL(
          """
          EXISTS (SELECT 1 FROM json_each(session.metadata)
            WHERE json_each.key = \(key) AND json_each.type = 'text' AND json_each.value = \(value))
          """
        ).sqlExpression)
    }
    if let hasFailedEffect {
      let failed = SQL(
        """
        EXISTS (SELECT 1 FROM effect WHERE effect.session_id = session.id
          AND effect.outcome = \(LoggedEffect.Outcome.failed.code))
        """
      ).sqlExpression
      conditions.append(hasFailedEffect ? failed : !failed)
    }
    return conditions.joined(operator: .and)
  }
}
