import Foundation
import RKDebugInspector
import ReducerKitDebug

/// The answers of `rkdebug ui`'s JSON API, read from a log opened read-only, with the
/// registered features for typed changes and the replay check (docs/ui-api.md).
///
/// Each request reads through a ``SessionReader`` of its own, so requests can run at once.
struct SessionInspector: InspectorQueries {
  let log: ActionLog

  func sessions() throws -> JSONValue {
    try answering { .array(try log.sessions().map(Self.json)) }
  }

  func session(_ id: Int64) throws -> JSONValue {
    try answering { Self.json(try reader(id).session) }
  }

  func actions(session id: Int64, from: Int, count: Int, filter: String?) throws -> JSONValue {
    try answering {
      let reader = try reader(id)
      let total: Int
      let actions: [LoggedAction]
      if let filter {
        total = try reader.actionCount(labelContaining: filter)
        let indices = try reader.actionIndices(
          labelContaining: filter, offset: from - 1, limit: count)
        actions = try reader.actions(at: indices, patches: false)
      } else {
        total = reader.actionCount
        let last = min(reader.actionCount, from + count - 1)
        actions = from <= last ? try reader.actions(in: from...last, patches: false) : []
      }
      return [
        "session": JSONValue(id), "total": JSONValue(total), "from": JSONValue(from),
        "filter": filter.map(JSONValue.string) ?? .null,
        "actions": .array(actions.map { Self.windowJSON($0, session: reader.session) }),
      ]
    }
  }

  func action(session id: Int64, index: Int) throws -> JSONValue {
    try answering {
      let reader = try reader(id)
      let action = try reader.action(at: index)
      let old = try reader.stateJSON(at: index - 1)
      var new = old
      let oldPlaces = try reader.sharePlaces(at: index - 1)
      var places = oldPlaces
      let added = places == nil ? [] : try reader.sharePlaceEntries(in: index...index)[index]
      try new.apply(action.patch, following: &places, adding: added ?? [])
      var renderer = ChangeText(session: reader.session)
      let changes = renderer.text(
        for: action, oldState: old, newState: new, places: SharePlacePair(oldPlaces, places))
      let effects = try reader.effects(ofActionsIn: index...index)
      let emitted = try reader.emittedActions(of: effects)
      return Self.detailJSON(
        action, session: reader.session, changes: changes, renderer: renderer,
        effects: effects.map { Self.effectJSON($0, emitted: emitted.byEffect[$0.id] ?? []) },
        inputs: try reader.reads(at: index).dependencyReads)
    }
  }

  func state(session id: Int64, at index: Int) throws -> JSONValue {
    try answering {
      ["at": JSONValue(index), "state": try reader(id).stateJSON(at: index)]
    }
  }

  func value(session id: Int64, at index: Int, path: String) throws -> JSONValue {
    try answering {
      let valuePath = try ValuePath(parsing: path)
      let reader = try reader(id)
      var resolver = PathResolver(path: valuePath, reader: reader)
      let value = try resolver.value(in: try reader.stateJSON(at: index), at: index)
      return [
        "at": JSONValue(index), "path": .string(valuePath.description),
        "value": value ?? .null, "exists": .bool(value != nil),
      ]
    }
  }

  func history(session id: Int64, path: String, limit: Int) throws -> JSONValue {
    try answering {
      let valuePath = try ValuePath(parsing: path)
      let reader = try reader(id)
      var changes: [JSONValue] = []
      var truncated = false
      do {
        try PathHistory(path: valuePath, reader: reader).forEachChange { change in
          guard changes.count < limit else {
            truncated = true
            throw StopWalk()
          }
          changes.append(change.json.adding(["line": .string(change.action.singleLineLabel)]))
        }
      } catch is StopWalk {}
      return [
        "path": .string(valuePath.description), "changes": .array(changes),
        "truncated": .bool(truncated),
      ]
    }
  }

  func diff(session id: Int64, from: Int, to: Int) throws -> JSONValue {
    try answering {
      let reader = try reader(id)
      let old = try reader.stateJSON(at: from)
      let new = try reader.stateJSON(at: to)
      let text = StateDiffText(session: reader.session).diff(from: old, to: new).text
      return [
        "from": JSONValue(from), "to": JSONValue(to),
        "text": text.map(JSONValue.string) ?? .null,
        "patch": .array(JSONValue.diff(from: old, to: new).map(\.jsonValue)),
      ]
    }
  }

  func effects(session id: Int64, from: Int, to: Int) throws -> JSONValue {
    try answering {
      let reader = try reader(id)
      guard reader.actionCount > 0 else { return ["effects": [], "complete": true] }
      let range = min(from, reader.actionCount)...min(to, reader.actionCount)
      let effects = try reader.effects(ofActionsIn: range)
      let emitted = try reader.emittedActions(of: effects)
      return [
        "from": JSONValue(range.lowerBound), "to": JSONValue(range.upperBound),
        "effects": .array(
          effects.map { Self.effectJSON($0, emitted: emitted.byEffect[$0.id] ?? []) }),
        "complete": .bool(emitted.complete),
      ]
    }
  }

  func navigation(session id: Int64, at index: Int) throws -> JSONValue {
    try answering {
      let reader = try reader(id)
      let feature = FeatureRegistry.feature(for: reader.session)
      return NavigationSnapshot(session: reader.session, feature: feature).json(
        at: index, state: try reader.stateJSON(at: index))
    }
  }

  func navigationTimeline(session id: Int64) throws -> JSONValue {
    try answering {
      let reader = try reader(id)
      return try NavigationTimeline(
        reader: reader, feature: FeatureRegistry.feature(for: reader.session)
      ).json()
    }
  }

  func replay(session id: Int64) throws -> JSONValue {
    try answering {
      let reader = try reader(id)
      guard let feature = FeatureRegistry.feature(for: reader.session) else {
        return [
          "registered": false, "result": "unregistered",
          "message": .string(
            "this rkdebug registers no feature for '\(reader.session.feature)'; "
              + "'rkdebug features' lists those it does"),
        ]
      }
      let replayer = try feature.erased.replayer(for: reader)
      let result = try replayer.run(to: nil, skipping: [], progress: nil)
      return [
        "registered": true, "feature": .string(feature.name),
        "result": .string(result.divergence == nil ? "match" : "divergence"),
        "replayed": JSONValue(result.actionCount),
        "divergence": result.divergence.map(ReplayReport.json) ?? .null,
        "warnings": .array(replayer.warnings.map(JSONValue.string)),
        "seconds": JSONValue(result.duration.inSeconds) ?? 0,
      ]
    }
  }

  // MARK: - JSON

  /// A session as `sessions --json` prints it, and whether its feature is registered.
  static func json(_ session: LoggedSession) -> JSONValue {
    session.json.adding([
      "replayable": .bool(FeatureRegistry.feature(for: session) != nil)
    ])
  }

  /// An action of the list: `log --json`'s members, with its label on one line and its time
  /// since the session started.
  static func windowJSON(_ action: LoggedAction, session: LoggedSession) -> JSONValue {
    LogCommand.json(action).adding([
      "line": .string(action.singleLineLabel),
      "sinceStartSeconds": JSONValue(action.time.timeIntervalSince(session.startedAt)) ?? 0,
    ])
  }

  /// One action as `actions/N` gives it, and an exported page holds it: the list's members,
  /// its `changes` text (typed or not, as `renderer` made it), patch, effects and inputs.
  static func detailJSON(
    _ action: LoggedAction, session: LoggedSession, changes: String, renderer: ChangeText,
    effects: [JSONValue], inputs: [DependencyRead]
  ) -> JSONValue {
    windowJSON(action, session: session).adding([
      "changes": .string(changes),
      "typedChanges": .bool(renderer.feature != nil && renderer.typedFailure == nil),
      "patch": .array(action.patch.map(\.jsonValue)),
      "effects": .array(effects),
      "inputs": DependencyRead.json(of: inputs),
    ])
  }

  /// An effect as `log --json` prints it, with the indices of the actions it emitted.
  static func effectJSON(_ effect: LoggedEffect, emitted: [Int]) -> JSONValue {
    ActionTree.json(effect).adding(["emitted": .array(emitted.map { JSONValue($0) })])
  }

  // MARK: - Errors

  private struct StopWalk: Error {}

  private func reader(_ id: Int64) throws -> SessionReader {
    try log.reader(session: id)
  }

  /// The answer of `body`, with the log's and the paths' errors as the API's: a missing
  /// session is a 404, an index out of range or a bad path a 400.
  private func answering(_ body: () throws -> JSONValue) throws -> JSONValue {
    do {
      return try body()
    } catch let error as InspectorError {
      throw error
    } catch let error as LogError {
      switch error {
      case .unknownSession, .noSessions: throw InspectorError.notFound(error.description)
      case .indexOutOfRange: throw InspectorError.badRequest(error.description)
      default: throw error
      }
    } catch let error as PathSyntaxError {
      throw InspectorError.badRequest("path: \(error)")
    } catch let error as PathEvaluationError {
      throw InspectorError.badRequest(error.description)
    }
  }
}
