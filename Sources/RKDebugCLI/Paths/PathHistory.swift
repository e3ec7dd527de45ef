import ReducerKitDebug

/// The actions of a session that changed the value at a path, found by walking the patches.
///
/// Only the places of the state the path reads are kept up to date (``PathFocus``): the
/// operations of each action there are applied to the state in place, and the path is
/// evaluated again after each action that had one (``FocusedState``).
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
    // A name no state has never changes, so the patches are read for names only when the
    // walk found no change and the first and last states lack a name of the path.
    let namesAreKnown = try SessionKeys.endsHoldNames(of: path, in: reader)
    var changed = false
    func checkNamesIfNothingChanged() throws {
      guard !namesAreKnown && !changed else { return }
      try SessionKeys(reader: reader).validate(path, session: reader.session.id)
    }

    let focus = PathFocus([path])
    do {
      var state = try FocusedState(focus: focus, reader: reader)
      var current = try path.evaluate(in: state.json)
      // The actions are read with their patches, one chunk at a time, so a change's label and
      // source come with it rather than from a second read; only those with an operation the
      // focus keeps are built, with those operations alone.
      try reader.forEachChunk(chunkSize: chunkSize, keeping: focus.keeps) { actions in
        for action in actions {
          try state.apply(action.patch, of: action.index)
          let new = try path.evaluate(in: state.json)
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

  /// Whether two values at the path are the same (numbers by value; `nil` only equals `nil`).
  static func areEqual(_ lhs: JSONValue?, _ rhs: JSONValue?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return lhs.isEquivalent(to: rhs)
    default: return false
    }
  }
}
