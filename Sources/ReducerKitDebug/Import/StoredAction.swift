import Foundation

/// An action in the forms a store of sessions keeps it: the columns of `action_entry` and `input`
/// in a log, and of `action` and `input` in a collector's database (docs/collector.md). What
/// ``SessionBatch`` compares a resent action with, and what a store writes for a new one.
package struct StoredAction: Equatable, Sendable {
  package var index: Int
  package var json: String
  package var label: String
  package var effectID: Int?
  package var parentIndex: Int?
  package var timeMicros: Int64
  package var durationNanos: Int64
  /// The patch in the log's compact form.
  package var ops: String
  /// The values the reducer read, as the `input` table's `reads`; `nil` when it read none.
  package var reads: String?

  package init(
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
  package init(_ action: LoggedAction, reads: [DependencyRead], sessionStart: Double) throws {
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
  package func action(sessionStart: Double) throws -> (LoggedAction, [DependencyRead]) {
    let source = ActionSource(effectID: effectID, parentIndex: parentIndex)
    let patch: [JSONPatchOperation]
    do {
      patch = try [JSONPatchOperation](compactText: ops)
    } catch {
      throw LogError.corrupt("the stored patch of action \(index) does not parse: \(error)")
    }
    var dependencyReads: [DependencyRead] = []
    if let reads {
      guard let parsed = DependencyRead.reads(from: try JSONValue(parsing: reads)) else {
        throw LogError.corrupt("the stored inputs of action \(index) are not [name, value] pairs")
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
