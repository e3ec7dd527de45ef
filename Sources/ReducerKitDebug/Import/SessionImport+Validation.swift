extension SessionImport {
  /// Checks what the log's schema cannot, without touching any log: the actions are numbered
  /// 1…N, every patch applies to the state before it, the old value (`"old"`) of each
  /// operation is the value it overwrites (so walking the log backwards gives the same states
  /// as walking it forwards), effect ids are distinct, and every effect belongs to an action
  /// of the session and is a `run` or a `send`.
  ///
  /// ``ActionLog/importSession(_:progress:)`` calls it too; call it first to refuse a broken
  /// session before opening a log for writing.
  ///
  /// - Throws: ``LogError/corrupt(_:)`` naming the first problem.
  public func validate() throws {
    var state = initialState
    for (offset, action) in actions.enumerated() {
      guard action.index == offset + 1 else {
        throw LogError.corrupt(
          "action \(action.index) is in position \(offset + 1); actions must be numbered "
            + "1, 2, 3…"
        )
      }
      if case let .effect(_, parentIndex) = action.source, parentIndex >= action.index {
        throw LogError.corrupt(
          "action \(action.index) was emitted by an effect of action \(parentIndex), which "
            + "comes after it"
        )
      }
      for (position, operation) in action.patch.enumerated() {
        if let mismatch = state.oldValueMismatch(of: operation, actionIndex: action.index) {
          throw LogError.corrupt(mismatch.description)
        }
        do {
          try state.apply(operation)
        } catch {
          var error = error
          error.operationIndex = position
          throw LogError.corrupt("the patch of action \(action.index) does not apply: \(error)")
        }
      }
    }
    var effectIDs = Set<Int>()
    for effect in effects {
      guard effectIDs.insert(effect.id).inserted else {
        throw LogError.corrupt("effect #\(effect.id) appears twice")
      }
      guard actions.indices.contains(effect.actionIndex - 1) else {
        throw LogError.corrupt(
          "effect #\(effect.id) belongs to action \(effect.actionIndex), which the session "
            + "does not have"
        )
      }
      guard effect.kind == "run" || effect.kind == "send" else {
        throw LogError.corrupt("effect #\(effect.id) has kind '\(effect.kind)', not run or send")
      }
    }
  }
}
