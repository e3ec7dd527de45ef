extension SessionImport {
  /// Checks what the log's schema cannot, without touching any log: the actions are numbered
  /// 1…N, every patch applies to the state before it, the old value (`"old"`) of each
  /// operation is the value it overwrites (so walking the log backwards gives the same states
  /// as walking it forwards), effect ids are distinct, and every effect belongs to an action
  /// of the session and is a `run` or a `send`.
  ///
  /// ``ActionLog/importSession(_:progress:)`` makes the same checks as it writes; call this
  /// first to refuse a broken session before opening a log for writing.
  ///
  /// - Throws: ``LogError/corrupt(_:)`` naming the first problem.
  public func validate() throws {
    var checker = Checker(initialState: initialState)
    for action in actions { try checker.check(action) }
    var effectIDs = Set<Int>()
    for effect in effects {
      try checker.check(effect)
      guard effectIDs.insert(effect.id).inserted else { throw Checker.duplicate(effect) }
    }
  }

  /// The checks of ``validate()``, one record at a time, in the order of an export: an effect
  /// after the action that started it. It holds one state, so a session of any length is
  /// checked in bounded memory; distinct effect ids are left to the caller (the log's primary
  /// key, for an import). `package`: the collector (RKDebugCollector) checks what it ingests
  /// with the same checks.
  package struct Checker {
    /// The state after the last action checked.
    package private(set) var state: JSONValue
    /// The index of the last action checked; 0 before the first.
    package private(set) var lastIndex = 0

    package init(initialState: JSONValue) {
      state = initialState
    }

    /// A checker that resumes after action `lastIndex`, whose state is `state`: for a session
    /// sent in several batches, each checked against what the ones before it stored.
    package init(state: JSONValue, after lastIndex: Int) {
      self.state = state
      self.lastIndex = lastIndex
    }

    /// Checks that `action` comes next and that its patch applies, with honest old values.
    package mutating func check(_ action: Action) throws {
      guard action.index == lastIndex + 1 else {
        throw LogError.corrupt(
          "action \(action.index) is in position \(lastIndex + 1); actions must be numbered "
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
      lastIndex = action.index
    }

    /// Checks that `effect` belongs to an action checked before it and has a known kind.
    package func check(_ effect: Effect) throws {
      guard effect.actionIndex >= 1, effect.actionIndex <= lastIndex else {
        throw LogError.corrupt(
          "effect #\(effect.id) belongs to action \(effect.actionIndex), which the session "
            + "does not have"
        )
      }
      guard effect.kind == "run" || effect.kind == "send" else {
        throw LogError.corrupt("effect #\(effect.id) has kind '\(effect.kind)', not run or send")
      }
      // A cause and the action that cancelled the effect come together, on a cancelled
      // effect, at or after the action that started it; that action is checked later (or
      // is the last one), so only its lower bound is known here.
      guard (effect.cancelCause == nil) == (effect.cancelledBy == nil),
        effect.cancelCause == nil || effect.outcome == .cancelled,
        (effect.cancelledBy ?? effect.actionIndex) >= effect.actionIndex
      else {
        throw LogError.corrupt(
          "effect #\(effect.id) has a cancelCause and cancelledBy that do not go together: "
            + "both or neither, only on a cancelled effect, and cancelledBy at or after its "
            + "action \(effect.actionIndex)")
      }
    }

    /// The error for a second effect with the id of `effect`.
    package static func duplicate(_ effect: Effect) -> LogError {
      .corrupt("effect #\(effect.id) appears twice")
    }
  }
}
