import Synchronization

/// What a ``TestStore`` checks when the test drops it: actions received and not asserted, and
/// effects still running.
///
/// The store keeps this summary up to date as it goes, under a lock, because the checks run in
/// the store's `deinit`: inline in the test's task (so Swift Testing's `Test.current` and
/// `withKnownIssue` see them), but not necessarily isolated to the main actor, where the rest
/// of the store lives.
final class EndOfTestChecks: Sendable {
  private struct Summary {
    var exhaustivity = Exhaustivity.on
    var lastAssertion: TestLocation
    var unhandledCount = 0
    var unhandledDump = ""
    var effects: [Int: EffectTracker.Entry] = [:]
    var failures = StoreFailures()
    var isReported = false
  }

  private let summary: Mutex<Summary>

  init(location: TestLocation) {
    summary = Mutex(Summary(lastAssertion: location))
  }

  // MARK: - Updates

  func setExhaustivity(_ exhaustivity: Exhaustivity) {
    summary.withLock { $0.exhaustivity = exhaustivity }
  }

  func setLastAssertion(_ location: TestLocation) {
    summary.withLock { $0.lastAssertion = location }
  }

  func setFailures(_ failures: StoreFailures) {
    summary.withLock { $0.failures = failures }
  }

  /// Records the received actions not yet asserted: their number and their dump.
  func setUnhandled(count: Int, dump: @autoclosure () -> String) {
    let dump = count == 0 ? "" : dump()
    summary.withLock {
      $0.unhandledCount = count
      $0.unhandledDump = dump
    }
  }

  func effectDidStart(_ entry: EffectTracker.Entry) {
    summary.withLock { $0.effects[entry.id] = entry }
  }

  func effectDidEnd(_ id: Int) {
    summary.withLock { $0.effects[id] = nil }
  }

  func forgetEffects() {
    summary.withLock { $0.effects.removeAll() }
  }

  // MARK: - Reporting

  /// Reports what the test left unasserted, once, and commits the recorded logs.
  func report() {
    let summary = self.summary.withLock { summary -> Summary? in
      guard !summary.isReported else { return nil }
      summary.isReported = true
      return summary
    }
    guard let summary else { return }
    let failures = summary.failures
    if summary.unhandledCount > 0 {
      failures.failUnlessSkipped(
        """
        The store received \(Dumping.plural(summary.unhandledCount, "unexpected action")) \
        after this one: …

        Unhandled actions: \(summary.unhandledDump)
        """,
        at: summary.lastAssertion, exhaustivity: summary.exhaustivity
      )
    }
    for entry in summary.effects.values.sorted(by: { $0.id < $1.id }) {
      failures.failUnlessSkipped(
        Self.unfinishedEffectMessage(entry), at: entry.location,
        exhaustivity: summary.exhaustivity
      )
    }
    for recording in failures.recordings { try? recording.log.flush() }
  }

  /// TCA's message for an effect that outlives the test, naming the action and the effect.
  static func unfinishedEffectMessage(_ entry: EffectTracker.Entry) -> String {
    """
    An effect returned for this action is still running. It must complete before the end of \
    the test. …

      Action: \(entry.action)
      Effect: \(entry.description)

    To fix, inspect any effects the reducer returns for this action and ensure that all of \
    them complete by the end of the test. There are a few reasons why an effect may not have \
    completed:

    • If using async/await in your effect, it may need a little bit of time to properly \
    finish. To fix you can simply perform "await store.finish()" at the end of your test.

    • If an effect uses a clock (via "sleep(for:)", a debounce, a delay, etc.), make sure that \
    you wait enough time for it to perform the effect. If you are using a "TestClock", \
    advance it so that the effects may complete, or consider using an "ImmediateClock" to \
    immediately perform the effect instead.

    • If you are returning a long-living effect (timers, notifications, streams, etc.), then \
    make sure those effects are torn down by marking the effect ".cancellable" and returning \
    a corresponding cancellation effect ("Effect.cancel") from another action.

    • If you do not wish to assert on these effects, perform "await \
    store.skipInFlightEffects()", or consider using a non-exhaustive test store: \
    "store.exhaustivity = .off".
    """
  }
}
