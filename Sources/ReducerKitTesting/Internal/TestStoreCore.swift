import ReducerKit

/// The state of a ``TestStore``: the live state its runtime reduces into, the state the test
/// has asserted so far, the actions received from effects and not yet asserted, the effects in
/// flight, and how failures are reported.
///
/// It is a class of its own, apart from `TestStore`, so the runtime's reduce closure can hold it
/// without holding the store: the store must go away when the test drops it, which is when its
/// `deinit` runs the end-of-test ``EndOfTestChecks``.
@MainActor
final class TestStoreCore<State: Equatable, Action> {
  /// An action an effect sent, with the state right after it was reduced.
  struct Received {
    var action: Action
    var state: State
  }

  private let reduceBase: @MainActor (inout State, Action) -> Effect<Action>

  /// The state after every action reduced so far, asserted or not.
  private(set) var liveState: State
  /// The live state right after the last action the test sent (before the actions its
  /// `.send` effects queued).
  private(set) var stateAfterSend: State
  /// The state as of the last assertion: what `TestStore.state` shows.
  var assertedState: State
  /// Actions received from effects, oldest first, not yet asserted.
  var received: [Received] = [] {
    didSet {
      checks.setUnhandled(count: received.count, dump: Dumping.dump(received.map(\.action)))
    }
  }
  /// The end-of-test checks, kept up to date; run by `TestStore`'s `deinit`.
  nonisolated let checks: EndOfTestChecks
  let tracker: EffectTracker
  /// The shared values changed since the last assertion, with their values then: every state
  /// holds the same reference, so the asserted state alone no longer shows them.
  let sharedChanges = SharedChangeTracker()

  var exhaustivity: Exhaustivity = .on {
    didSet { checks.setExhaustivity(exhaustivity) }
  }
  var timeout: Duration = .seconds(5)
  /// Where the store was made.
  let creation: TestLocation
  /// The last `send` or `receive` in the file that made the store: where unasserted actions
  /// are reported at the end of the test, as in TCA.
  var lastAssertion: TestLocation {
    didSet { checks.setLastAssertion(lastAssertion) }
  }
  /// How failures are reported, naming the logs the store's reducer records into.
  var failures = StoreFailures() {
    didSet { checks.setFailures(failures) }
  }

  init(
    initialState: State,
    reduce: @escaping @MainActor (inout State, Action) -> Effect<Action>,
    location: TestLocation
  ) {
    self.reduceBase = reduce
    self.liveState = initialState
    self.stateAfterSend = initialState
    self.assertedState = initialState
    self.creation = location
    self.lastAssertion = location
    let checks = EndOfTestChecks(location: location)
    self.checks = checks
    self.tracker = EffectTracker(checks: checks)
  }

  // MARK: - Reducing

  /// Reduces one action for the runtime: a sent action updates ``stateAfterSend``, a received
  /// one is queued with its state. The effect is tracked and maps its actions to `.received`.
  func reduce(_ testAction: TestAction<Action>) -> Effect<TestAction<Action>> {
    let action: Action
    let location: TestLocation
    switch testAction {
    case let .sent(sent, sentAt):
      action = sent
      location = sentAt
    case let .received(emitted):
      action = emitted
      // The effect that emitted the action knows which `send` it goes back to.
      location =
        EffectContext.emitters.lazy.compactMap { ($0 as? TrackedEffect)?.entry.location }.first
        ?? lastAssertion
    }
    var state = liveState
    let effect = reduceBase(&state, action)
    liveState = state
    switch testAction {
    case .sent:
      stateAfterSend = state
    case .received:
      received.append(Received(action: action, state: state))
      tracker.signal.fire()
    }
    let label = Dumping.dump(action).oneLine
    return tracker.track(effect, action: label, location: location)
      .map { TestAction.received($0) }
  }

  // MARK: - Reporting

  /// Reports a failure at `location`, naming the recorded log file when there is one.
  func fail(_ message: String, at location: TestLocation) {
    failures.fail(message, at: location)
  }

  /// Reports a failure that exhaustivity (the store's, unless given) can waive.
  func failUnlessSkipped(
    _ message: String, at location: TestLocation, exhaustivity: Exhaustivity? = nil
  ) {
    failures.failUnlessSkipped(
      message, at: location, exhaustivity: exhaustivity ?? self.exhaustivity
    )
  }

  // MARK: - State assertions

  /// Checks that `update` turns `expected` (the state before the action) into `actual`, the
  /// way TCA's `TestStore` does for its exhaustivity. `allowsUnchangedState` lets `update`
  /// change nothing, as TCA's `assert` does (a `send` or `receive` closure must change the state).
  func assertStateChange(
    from current: State,
    to actual: State,
    update: ((inout State) throws -> Void)?,
    allowsUnchangedState: Bool = false,
    at location: TestLocation
  ) {
    // Inside the closure, shared values read and change the values the test expects; the
    // comparison then sets them against the values now. Either way, the values now are those the
    // next assertion starts from.
    let shared = sharedChanges
    defer { shared.reset() }
    do {
      switch exhaustivity {
      case .on:
        var expected = current
        if let update { try shared.reading(.expected) { try update(&expected) } }
        if !shared.reading(.expected, lhs: .expected, rhs: .current, { expected == actual }) {
          shared.reading(.expected, lhs: .expected, rhs: .current) {
            stateMismatch(expected: expected, actual: actual, hasUpdate: update != nil, location)
          }
        } else if update != nil, !allowsUnchangedState, !shared.assertsATrackedChange,
          shared.reading(.expected, lhs: .expected, rhs: .before, { expected == current })
        {
          unnecessaryUpdate(location)
        }

      case let .off(showSkippedAssertions):
        // Non-exhaustive: the closure describes changes relative to the actual state, so only
        // what it sets is checked, shared values included: they start from their values now.
        shared.reset()
        var expected = actual
        if let update { try shared.reading(.expected) { try update(&expected) } }
        if !shared.reading(.expected, lhs: .expected, rhs: .current, { expected == actual }) {
          shared.reading(.expected, lhs: .expected, rhs: .current) {
            stateMismatch(expected: expected, actual: actual, hasUpdate: true, location)
          }
        } else if showSkippedAssertions {
          var exhaustive = current
          if let update { try? update(&exhaustive) }
          if exhaustive != actual {
            failUnlessSkipped(
              mismatchMessage(expected: exhaustive, actual: actual, hasUpdate: update != nil),
              at: location
            )
          }
        }
      }
    } catch {
      fail("Threw error: \(error)", at: location)
    }
  }

  private func stateMismatch(
    expected: State, actual: State, hasUpdate: Bool, _ location: TestLocation
  ) {
    fail(mismatchMessage(expected: expected, actual: actual, hasUpdate: hasUpdate), at: location)
  }

  private func mismatchMessage(expected: State, actual: State, hasUpdate: Bool) -> String {
    let heading =
      hasUpdate
      ? "A state change does not match expectation"
      : "State was not expected to change, but a change occurred"
    return """
      \(heading): …

      \(Dumping.difference(expected: expected, actual: actual, actualName: "Actual"))
      """
  }

  private func unnecessaryUpdate(_ location: TestLocation) {
    fail(
      """
      Expected state to change, but no change occurred.

      The trailing closure made no observable modifications to state. If no change to state \
      is expected, omit the trailing closure.
      """,
      at: location
    )
  }

  // MARK: - Skipping

  /// Drops the received actions (moving the asserted state past them) and reports them as
  /// skipped, as exhaustivity allows.
  func skipReceived(at location: TestLocation, exhaustivity: Exhaustivity? = nil) {
    guard let last = received.last else { return }
    let actions = received.map(\.action)
    let dump = actions.count == 1 ? Dumping.dump(actions[0]) : Dumping.dump(actions)
    failUnlessSkipped(
      """
      \(actions.count) received action\(actions.count == 1 ? " was" : "s were") skipped:

      \(dump)
      """,
      at: location, exhaustivity: exhaustivity
    )
    assertedState = last.state
    received.removeAll()
  }
}
