import ReducerKitDebug

/// The actions of a session that changed the value at a path, found by walking the patches.
///
/// Only the value at the path's longest prefix of property names (``ValuePath/stablePointer``)
/// is kept up to date: each operation at, under or above it is applied to that value alone,
/// and the rest of the path (array indices, `count`) is evaluated on it after each action that
/// touched it. A patch that cannot be applied that way falls back to rebuilding the state at
/// that index.
struct PathHistory {
  /// One action that changed the value.
  struct Change {
    /// The action.
    var action: LoggedAction
    /// The value before it; `nil` when there was none.
    var old: JSONValue?
    /// The value after it; `nil` when there is none.
    var new: JSONValue?

    /// The change as a JSON object (docs/cli-json.md).
    var json: JSONValue {
      var members: [String: JSONValue] = [
        "index": JSONValue(action.index),
        "label": .string(action.label),
        "old": old ?? .null,
        "new": new ?? .null,
      ]
      members.merge(action.source.jsonMembers) { _, new in new }
      return .object(members)
    }
  }

  /// The path.
  let path: ValuePath
  /// The session.
  let reader: SessionReader

  /// Every action that changed the value at the path, in order.
  ///
  /// - Throws: ``PathEvaluationError`` for a name no state of the session has (with the
  ///   nearest one), or a step that does not fit the data.
  func changes() throws -> [Change] {
    let actions = reader.actionCount > 0 ? try reader.actions(in: 1...reader.actionCount) : []
    let initialState = try reader.stateJSON(at: 0)
    try SessionKeys(initialState: initialState, actions: actions)
      .validate(path, session: reader.session.id)

    let (base, tail) = Self.split(path, in: initialState)
    func evaluate(_ value: JSONValue?) throws -> JSONValue? {
      guard let value else { return nil }
      return try tail.evaluate(in: value)
    }

    var value = initialState.value(at: base)
    var current = try evaluate(value)
    var changes: [Change] = []
    for action in actions {
      var touched = false
      for operation in action.patch {
        guard operation.path.hasPrefix(base) || base.hasPrefix(operation.path) else { continue }
        touched = true
        if case let .applied(next) = Self.applying(operation, to: value, at: base) {
          value = next
        } else {
          value = try reader.stateJSON(at: action.index).value(at: base)
          break
        }
      }
      guard touched else { continue }
      let new = try evaluate(value)
      if !Self.areEqual(current, new) {
        changes.append(Change(action: action, old: current, new: new))
      }
      current = new
    }
    return changes
  }

  /// The path as the pointer of the value to keep up to date, and the rest of the path to
  /// evaluate on it: the pointer covers the leading property names, and a `count` that is a
  /// real member in the initial state (not a length).
  static func split(_ path: ValuePath, in initialState: JSONValue) -> (JSONPointer, ValuePath) {
    var tokens = path.stablePointer.tokens
    var count = path.stablePrefixCount
    while count < path.components.count, case .key("count") = path.components[count],
      initialState.value(at: JSONPointer(tokens: tokens))?.objectValue?["count"] != nil
    {
      tokens.append("count")
      count += 1
      while count < path.components.count, case let .key(name) = path.components[count],
        name != "count"
      {
        tokens.append(name)
        count += 1
      }
    }
    return (JSONPointer(tokens: tokens), ValuePath(components: Array(path.components[count...])))
  }

  /// What applying one operation to the value at the path's base gave.
  enum Step: Equatable {
    /// The new value at the base; `nil` when nothing is left there.
    case applied(JSONValue?)
    /// The operation cannot be applied to the value alone (a `move`, or a patch that does not
    /// fit); rebuild the state instead.
    case cannotApply
  }

  /// `value` (the value at `base`) after `operation`.
  static func applying(
    _ operation: JSONPatchOperation, to value: JSONValue?, at base: JSONPointer
  ) -> Step {
    guard operation.op == .add || operation.op == .remove || operation.op == .replace else {
      return .cannotApply
    }
    if base.hasPrefix(operation.path), base != operation.path {
      // An operation above the value: the value is what it writes there, if anything.
      let relative = JSONPointer(tokens: Array(base.tokens.dropFirst(operation.path.tokens.count)))
      switch operation.op {
      case .remove: return .applied(nil)
      default: return .applied(operation.value?.value(at: relative))
      }
    }
    let relative = JSONPointer(tokens: Array(operation.path.tokens.dropFirst(base.tokens.count)))
    if relative.isRoot {
      switch operation.op {
      case .remove: return .applied(nil)
      default: return .applied(operation.value)
      }
    }
    guard var value else { return .cannotApply }
    var local = operation
    local.path = relative
    do {
      try value.apply(local)
    } catch {
      return .cannotApply
    }
    return .applied(value)
  }

  /// Whether two values at the path are the same (numbers by value; `nil` only equals `nil`).
  static func areEqual(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return lhs.isEquivalent(to: rhs)
    default: return false
    }
  }
}
