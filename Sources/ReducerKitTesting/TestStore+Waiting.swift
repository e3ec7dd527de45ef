extension TestStore {
  /// What waiting for the effects found.
  enum WaitOutcome {
    case ready
    case noEffects
    case timedOut
  }

  /// Waits until `isReady`, no effect is left running, or `timeout` has passed.
  ///
  /// A timeout is about the effects, not the machine: when the time is up the effects get one
  /// more turn of the executor before the wait gives up, since a busy machine can wake this
  /// task late, before the effects whose turn came first.
  func waitForEffects(timeout: Duration, until isReady: () -> Bool) async -> WaitOutcome {
    await megaYield()
    let deadline = ContinuousClock.now + timeout
    var hadLastTurn = false
    while true {
      if isReady() { return .ready }
      guard hasEffectsInFlight else { return .noEffects }
      let now = ContinuousClock.now
      if now >= deadline {
        if hadLastTurn { return .timedOut }
        hadLastTurn = true
        await megaYield()
        continue
      }
      // Woken by an action or an effect's end; the short cap catches effects that end
      // between two tracked leaves (a `concatenate`).
      await core.tracker.signal.wait(until: min(deadline, now + .milliseconds(10)))
    }
  }

  /// Whether any effect is still running and not cancelled, tracked or not (the task of a
  /// `concatenate` is not tracked: it keeps the store waiting between two of its effects).
  var hasEffectsInFlight: Bool {
    !core.tracker.inFlight.isEmpty || runtime.uncancelledEffectCount > 0
  }

  /// TCA's advice on the `timeout` of an assertion that timed out after `timeout`.
  func timeoutAdvice(_ timeout: Duration) -> String {
    timeout != self.timeout
      ? #"try increasing the duration of this assertion's "timeout""#
      : #"configure this assertion with an explicit "timeout""#
  }

  /// The effects in flight, one line each: `• a run effect (cancel id: x), returned for .y`.
  var effectList: String {
    let lines = core.tracker.entries.map { "  • \($0.description), returned for \($0.action)" }
    return (["Effects in flight:"] + lines).joined(separator: "\n")
  }
}
