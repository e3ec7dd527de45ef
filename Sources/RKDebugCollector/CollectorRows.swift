import Foundation
import ReducerKitDebug

/// An action as the `action` and `input` tables store it: the columns of `action_entry` and
/// `input` in an rkdebug log, in the same forms (docs/collector.md).
struct ActionRow: Equatable {
  var index: Int
  var json: String
  var label: String
  var effectID: Int?
  var parentIndex: Int?
  var timeMicros: Int64
  var durationNanos: Int64
  /// The patch in the log's compact form.
  var ops: String
  /// The values the reducer read, as the `input` table's `reads`; `nil` when it read none.
  var reads: String?

  init(
    index: Int, json: String, label: String, effectID: Int?, parentIndex: Int?,
    timeMicros: Int64, durationNanos: Int64, ops: String, reads: String?
  ) {
    self.index = index
    self.json = json
    self.label = label
    self.effectID = effectID
    self.parentIndex = parentIndex
    self.timeMicros = timeMicros
    self.durationNanos = durationNanos
    self.ops = ops
    self.reads = reads
  }

  /// The row of `action`, as `rkdebug import` writes it into a log.
  init(_ action: LoggedAction, reads: [DependencyRead], sessionStart: Double) throws {
    let (effectID, parentIndex): (Int?, Int?) =
      switch action.source {
      case .send: (nil, nil)
      case .effect(let effectID, let parentIndex): (effectID, parentIndex)
      }
    self.init(
      index: action.index, json: action.json, label: action.label, effectID: effectID,
      parentIndex: parentIndex,
      timeMicros: LogSchema.microseconds(
        from: sessionStart, to: action.time.timeIntervalSince1970),
      durationNanos: action.durationNanos, ops: try action.patch.compactText(),
      reads: reads.isEmpty ? nil : DependencyRead.json(of: reads).serialized())
  }

  /// The action this row stores.
  func action(sessionStart: Double) throws -> (LoggedAction, [DependencyRead]) {
    let source: ActionSource =
      if let effectID, let parentIndex {
        .effect(effectID: effectID, parentIndex: parentIndex)
      } else {
        .send
      }
    let patch: [JSONPatchOperation]
    do {
      patch = try [JSONPatchOperation](compactText: ops)
    } catch {
      throw CollectorError("the stored patch of action \(index) does not parse: \(error)")
    }
    var dependencyReads: [DependencyRead] = []
    if let reads {
      guard let parsed = DependencyRead.reads(from: try JSONValue(parsing: reads)) else {
        throw CollectorError("the stored inputs of action \(index) are not [name, value] pairs")
      }
      dependencyReads = parsed
    }
    let action = LoggedAction(
      index: index, json: json, label: label, source: source,
      time: Date(timeIntervalSince1970: LogSchema.time(timeMicros, after: sessionStart)),
      durationNanos: durationNanos, patch: patch)
    return (action, dependencyReads)
  }
}

/// An effect as the `effect` table stores it.
struct EffectRow: Equatable {
  var id: Int
  var actionIndex: Int
  var kind: String
  /// A JSON array of the cancellation ids.
  var cancelIDs: String
  var startedMicros: Int64
  var endedMicros: Int64?
  var outcome: String?
  var error: String?
  var cancelCause: String?
  var cancelledBy: Int?

  init(
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
  init(_ effect: LoggedEffect, sessionStart: Double) {
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
  func effect(sessionStart: Double) throws -> LoggedEffect {
    func date(_ micros: Int64) -> Date {
      Date(timeIntervalSince1970: LogSchema.time(micros, after: sessionStart))
    }
    guard case .array(let ids) = try JSONValue(parsing: cancelIDs) else {
      throw CollectorError("the stored cancellation ids of effect #\(id) are not an array")
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
