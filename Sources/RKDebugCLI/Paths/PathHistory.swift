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
  func changes() throws -> [Change] {
    var changes: [Change] = []
    try forEachChange { changes.append($0) }
    return changes
  }

  /// Calls `body` with each action that changed the value at the path, in order.
  ///
  /// The actions are read `chunkSize` at a time, so memory does not grow with the session or
  /// the number of changes.
  ///
  /// - Throws: ``PathEvaluationError`` for a name no state of the session has (with the
  ///   nearest one), or a step that does not fit the data.
  func forEachChange(chunkSize: Int = 4096, _ body: (Change) throws -> Void) throws {
    let initialState = try reader.stateJSON(at: 0)
    // A name no state has never changes, so the patches are read for names only when the
    // walk found no change and the first and last states lack a name of the path.
    let namesAreKnown = try SessionKeys.endsHoldNames(of: path, in: reader)
    var changed = false
    func checkNamesIfNothingChanged() throws {
      guard !namesAreKnown && !changed else { return }
      try SessionKeys(reader: reader).validate(path, session: reader.session.id)
    }

    let (base, tail, member) = Self.narrowed(Self.split(path, in: initialState), in: initialState)
    func evaluate(_ value: JSONValue?) throws -> JSONValue? {
      // A member the initial state lacked: evaluated in an object holding it alone, as its
      // parent holds it (or, for an enum's case, as the enum does).
      guard let member else { return try value.flatMap { try tail.evaluate(in: $0) } }
      return try tail.evaluate(in: .object(value.map { [member: $0] } ?? [:]))
    }

    do {
      var value = initialState.value(at: base)
      var current = try evaluate(value)
      // The actions are read with their patches, one chunk at a time, so a change's label and
      // source come with it rather than from a second read; only those whose patch may touch
      // `base` are built, with those operations alone.
      try reader.forEachChunk(chunkSize: chunkSize, touching: base) { actions in
        for action in actions {
          var touched = false
          for operation in action.patch {
            guard operation.mayTouch(base) else { continue }
            touched = true
            if !Self.apply(operation, to: &value, at: base) {
              value = try reader.stateJSON(at: action.index).value(at: base)
              break
            }
          }
          guard touched else { continue }
          let new = try evaluate(value)
          if !Self.areEqual(current, new) {
            changed = true
            try body(Change(action: action, old: current, new: new))
          }
          current = new
        }
      }
    } catch let error as PathEvaluationError {
      // A name no state has reads as a step that does not fit: say which name it is.
      try checkNamesIfNothingChanged()
      throw error
    }
    try checkNamesIfNothingChanged()
  }

  /// `split`'s pointer extended by the next name of the path when the initial state's value
  /// there is an object without it (an optional that is `nil`, an enum in another case), and
  /// that name: the value at the path is inside that member whatever it is, so only the
  /// operations that may touch it are read and applied. The rest of the path, still starting
  /// with the name, is then evaluated in an object holding the member alone.
  static func narrowed(
    _ split: (JSONPointer, ValuePath), in initialState: JSONValue
  ) -> (JSONPointer, ValuePath, String?) {
    let (base, tail) = split
    guard case let .key(name)? = tail.components.first,
      let members = initialState.value(at: base)?.objectValue, members[name] == nil,
      name != "count"
    else { return (base, tail, nil) }
    return (JSONPointer(tokens: base.tokens + [name]), tail, name)
  }

  /// The path as the pointer of the value to keep up to date, and the rest of the path to
  /// evaluate on it: the pointer covers the leading property names, and a `count` that is a
  /// real member in the initial state (not a length).
  static func split(_ path: ValuePath, in initialState: JSONValue) -> (JSONPointer, ValuePath) {
    // Only names the initial state has: a name it lacks may be an enum case, whose payload the
    // path reaches through a `_0` member that the pointer would not name.
    let names = path.stablePointer.tokens
    var tokens: [String] = []
    var count = 0
    while count < names.count {
      let parent = initialState.value(at: JSONPointer(tokens: tokens))
      guard let member = initialState.value(at: JSONPointer(tokens: tokens + [names[count]]))
      else { break }
      tokens.append(names[count])
      count += 1
      // The case of an enum with one unlabeled associated value, `{"todos": {"_0": payload}}`:
      // `tab.todos` is the payload, as ``lookup(in:)`` reads it, unless the path spells `_0`.
      if parent?.objectValue?.count == 1, member.enumPayload != nil,
        count == names.count || names[count] != "_0"
      {
        tokens.append("_0")
      }
    }
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

  /// Applies one operation to `value`, the value at `base`, in place (so a large value is not
  /// copied per action); returns `false`, leaving `value` as it was, when the operation cannot
  /// be applied to the value alone (a `move` or `copy` reaching outside it, or a patch that
  /// does not fit), and the state must be rebuilt instead.
  static func apply(
    _ operation: JSONPatchOperation, to value: inout JSONValue?, at base: JSONPointer
  ) -> Bool {
    switch operation.op {
    case .add, .remove, .replace:
      break
    case .move, .copy:
      // Only within the value (a sort moving its rows): applied to it below, both ends relative.
      guard let from = operation.from, from.hasPrefix(base), from != base,
        operation.path.hasPrefix(base), operation.path != base
      else { return false }
    default:
      return false
    }
    if base.hasPrefix(operation.path), base != operation.path {
      // An operation above the value: the value is what it writes there, if anything.
      let relative = JSONPointer(tokens: Array(base.tokens.dropFirst(operation.path.tokens.count)))
      switch operation.op {
      case .remove: value = nil
      default: value = operation.value?.value(at: relative)
      }
      return true
    }
    let relative = Self.relative(operation.path, to: base)
    if relative.isRoot {
      switch operation.op {
      case .remove: value = nil
      default: value = operation.value
      }
      return true
    }
    guard value != nil else { return false }
    var local = operation
    local.path = relative
    local.from = operation.from.map { Self.relative($0, to: base) }
    do {
      // Applied in place; a patch that fails leaves the value as it was.
      try value!.apply(local)
    } catch {
      return false
    }
    return true
  }

  /// `pointer`, which is `base` or under it, as a pointer from `base`.
  private static func relative(_ pointer: JSONPointer, to base: JSONPointer) -> JSONPointer {
    JSONPointer(tokens: Array(pointer.tokens.dropFirst(base.tokens.count)))
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
