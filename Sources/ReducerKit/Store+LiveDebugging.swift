/// What a live debugger attached to a running app (ReducerKitDebug's `LiveDebugger`) does to
/// its store: hold the actions sent while it pauses the app, and set the state it travels to.
/// Nothing here runs unless a debugger is attached.
extension Store {
  /// Whether actions sent now are held, unreduced, by a live debugger.
  package var isHoldingActions: Bool { runtime?.isHolding ?? false }

  /// The number of actions held now.
  package var heldActionCount: Int { runtime?.heldCount ?? 0 }

  /// Holds every action sent from now on (by views and by effects) until
  /// ``releaseHeldActions()``; their `StoreTask`s cover the effects they start then.
  package func holdActions() {
    runtime?.hold()
  }

  /// Reduces the held actions in the order they were sent, and stops holding.
  package func releaseHeldActions() {
    runtime?.releaseHeld()
  }

  /// Sends an action the debugger dispatched: reduced at once even while actions are held.
  @discardableResult
  package func sendPastHold(_ action: R.Action) -> StoreTask {
    guard let runtime else { return send(action) }
    return StoreTask(group: runtime.sendPastHold(action))
  }

  /// Replaces the state without an action, invalidating the observers of what changed, as a
  /// reduced action would: how the app shows the state a debugger travelled to.
  package func replaceState(_ state: R.State) {
    update(to: state)
  }
}
