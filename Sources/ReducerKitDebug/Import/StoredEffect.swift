import Foundation

/// An effect in the forms a store of sessions keeps it: the columns of `effect` in a
/// collector's database, and those of a log with its codes as names.
package struct StoredEffect: Equatable, Sendable {
  package var id: Int
  package var actionIndex: Int
  package var kind: String
  /// A JSON array of the cancellation ids.
  package var cancelIDs: String
  package var startedMicros: Int64
  package var endedMicros: Int64?
  package var outcome: String?
  package var error: String?
  package var cancelCause: String?
  package var cancelledBy: Int?

  package init(
    id: Int, actionIndex: Int, kind: String, cancelIDs: String, startedMicros: Int64,
    endedMicros: Int64?, outcome: String?, error: String?, cancelCause: String?,
    cancelledBy: Int?
  ) {
    self.id = id
    self.actionIndex = actionIndex
    self.kind = kind
    self.cancelIDs = cancelIDs
    self.startedMicros = startedMicros
    self.endedMicros = endedMicros
    self.outcome = outcome
    self.error = error
    self.cancelCause = cancelCause
    self.cancelledBy = cancelledBy
  }

  /// The row of `effect`, its times counted as a log counts them.
  package init(_ effect: LoggedEffect, sessionStart: Double) {
    self.init(
      id: effect.id, actionIndex: effect.actionIndex, kind: effect.kind,
      cancelIDs: JSONValue.array(effect.cancelIDs.map(JSONValue.string)).serialized(),
      startedMicros: LogSchema.microseconds(
        from: sessionStart, to: effect.startedAt.timeIntervalSince1970),
      endedMicros: effect.endedAt.map {
        LogSchema.microseconds(from: sessionStart, to: $0.timeIntervalSince1970)
      },
      outcome: effect.outcome?.rawValue, error: effect.error,
      cancelCause: effect.cancelCause?.rawValue, cancelledBy: effect.cancelledBy)
  }

  /// The effect this row stores.
  package func effect(sessionStart: Double) throws -> LoggedEffect {
    func date(_ micros: Int64) -> Date {
      Date(timeIntervalSince1970: LogSchema.time(micros, after: sessionStart))
    }
    guard case .array(let ids) = try JSONValue(parsing: cancelIDs) else {
      throw LogError.corrupt("the stored cancellation ids of effect #\(id) are not an array")
    }
    return LoggedEffect(
      id: id, actionIndex: actionIndex, kind: kind,
      cancelIDs: ids.map { $0.stringValue ?? $0.serialized() }, startedAt: date(startedMicros),
      endedAt: endedMicros.map(date),
      outcome: outcome.flatMap { LoggedEffect.Outcome(rawValue: $0) },
      error: error, cancelCause: cancelCause.flatMap { LoggedEffect.CancelCause(rawValue: $0) },
      cancelledBy: cancelledBy)
  }
}

extension StoredEffect {
  /// What a batch that sends this effect again does with the one stored under its id.
  package enum Resending: Equatable {
    /// The same effect is stored: nothing to write.
    case alreadyStored
    /// The stored one was running and this one is it, ended: write its end.
    case ends
    /// A different effect is stored under its id: the batch is refused.
    case different
  }

  /// What sending this effect again does, `stored` being the row stored under its id.
  package func resending(over stored: StoredEffect) -> Resending {
    if stored == self { return .alreadyStored }
    var running = self
    running.endedMicros = nil
    running.outcome = nil
    running.error = nil
    running.cancelCause = nil
    running.cancelledBy = nil
    guard stored.endedMicros == nil, stored == running, endedMicros != nil else {
      return .different
    }
    return .ends
  }
}
