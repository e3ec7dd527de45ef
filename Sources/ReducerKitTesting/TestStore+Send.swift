import ReducerKit

extension TestStore {
  /// Sends an action and asserts how it changes the state.
  ///
  /// The trailing closure gets the state as it was before the action; change it to what the
  /// state must be after it. Leave the closure out when the action must not change the state.
  ///
  /// ```swift
  /// await store.send(.increment) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// A mismatch fails the test with TCA's message and a diff:
  ///
  /// ```
  /// A state change does not match expectation: …
  ///
  ///       Counter.State(
  ///     −   count: 2,
  ///     +   count: 1,
  ///         …
  ///       )
  ///
  /// (Expected: −, Actual: +)
  /// ```
  ///
  /// When exhaustive, every action received from an effect must be asserted before the next
  /// `send`. The method yields briefly so the action's effects can start.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  /// - Returns: The life of the effects the action started, to wait for or cancel them.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if isDismissed {
      core.fail("Can't send action to dismissed test store.", at: location)
    }
    if !core.received.isEmpty {
      if exhaustivity == .on {
        core.fail(
          """
          Must handle \(Dumping.plural(core.received.count, "received action")) before sending \
          an action: …

          Unhandled actions: \(Dumping.dump(core.received.map(\.action)))
          """,
          at: location
        )
      }
      // Either way the actions are done with: the send is checked against the live state.
      core.skipReceived(at: location, exhaustivity: exhaustivity == .on ? .off : nil)
    }
    let previousState = core.assertedState
    // The action's effects run under the tracker too: a shared value an effect changes is
    // asserted by the `receive` or `assert` that follows.
    let task = core.sharedChanges.track { runtime.send(.sent(action, location)) }
    let actualState = core.stateAfterSend
    core.assertStateChange(
      from: previousState, to: actualState, update: updateStateToExpectedResult, at: location
    )
    core.assertedState = actualState
    noteAssertion(at: location)
    await megaYield()
    return TestStoreTask(rawValue: task, timeout: timeout)
  }

  /// Remembers the last assertion written in the file that made the store.
  func noteAssertion(at location: TestLocation) {
    if "\(location.fileID)" == "\(core.creation.fileID)" {
      core.lastAssertion = location
    }
  }
}
