extension TestStore {
  /// Waits until every effect has finished, and fails the test if some are still running
  /// after `timeout` (the store's ``TestStore/timeout`` by default).
  ///
  /// ```swift
  /// await store.send(.factButtonTapped) { $0.isLoadingFact = true }
  /// await store.finish()
  /// await store.receive(\.factResponse) { … }
  /// ```
  ///
  /// Actions the effects send are queued as usual: they still must be received.
  ///
  /// - Parameter timeout: How long to wait, in real time.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    guard await waitForEffects(timeout: timeout, until: { false }) == .timedOut else { return }
    core.failUnlessSkipped(
      """
      Expected effects to finish, but there are still effects in-flight after \
      \(Dumping.seconds(timeout)).

      \(effectList)

      If an effect uses a clock (via "sleep(for:)", a debounce, a delay, etc.), make sure \
      that you wait enough time for it to perform the effect. If you are using a \
      "TestClock", advance it so that the effects may complete, or consider using an \
      "ImmediateClock" to immediately perform the effect instead.

      If you are not yet using a clock, or can not use a clock, \(timeoutAdvice(timeout)).
      """,
      at: location
    )
  }

  /// Drops the actions received from effects and not yet asserted, moving ``state`` past
  /// them. They are shown as skipped assertions, not failures.
  ///
  /// ```swift
  /// await store.send(.refresh)
  /// await store.skipReceivedActions()   // not interested in the responses here
  /// ```
  ///
  /// - Parameter strict: Whether having no action to skip fails the test.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await megaYield()
    if core.received.isEmpty {
      if strict { core.fail("There were no received actions to skip.", at: location) }
      return
    }
    core.skipReceived(at: location, exhaustivity: exhaustivityForSkips)
    noteAssertion(at: location)
  }

  /// Cancels the effects still running, so they no longer fail the test. They are shown as
  /// skipped assertions, not failures.
  ///
  /// ```swift
  /// await store.send(.onAppear)   // starts a long-living effect
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// - Parameter strict: Whether having no effect to skip fails the test.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    await megaYield()
    let entries = core.tracker.entries
    if entries.isEmpty, !hasEffectsInFlight {
      if strict { core.fail("There were no in-flight effects to skip.", at: location) }
      return
    }
    let actions = entries.map { "  • \($0.action)" }.joined(separator: "\n")
    core.failUnlessSkipped(
      """
      \(entries.count) in-flight effect\(entries.count == 1 ? " was" : "s were") cancelled, \
      originating from:

      \(actions)
      """,
      at: location, exhaustivity: exhaustivityForSkips
    )
    runtime.cancelAll()
    core.tracker.forgetAll()
    await megaYield()
  }

  /// Explicit skips are shown, not failures, even when the store is exhaustive.
  private var exhaustivityForSkips: Exhaustivity {
    exhaustivity == .on ? .off(showSkippedAssertions: true) : exhaustivity
  }
}
