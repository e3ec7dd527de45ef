import CasePaths
import ReducerKit

extension TestStore where Action: Equatable {
  /// Asserts that the next action received from an effect is `expectedAction`, and how it
  /// changes the state.
  ///
  /// ```swift
  /// await store.send(.factButtonTapped) { $0.isLoadingFact = true }
  /// await store.receive(.factResponse("0 is the additive identity.")) {
  ///   $0.isLoadingFact = false
  ///   $0.fact = "0 is the additive identity."
  /// }
  /// ```
  ///
  /// Waits up to `timeout` (real time) for the action when effects are still running. Another
  /// action fails the test with a diff of the two (`−` expected, `+` received).
  ///
  /// - Parameters:
  ///   - expectedAction: The action expected next.
  ///   - timeout: How long to wait for it; the store's ``TestStore/timeout`` by default.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state
  ///     expected after it.
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0 == expectedAction },
      notFound: """
        Expected to receive the following action, but didn't: …

        \(Dumping.dump(expectedAction, indent: 2))
        """,
      unexpected: { received in
        Dumping.difference(expected: expectedAction, actual: received, actualName: "Received")
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore where Action: CasePathable {
  /// Asserts that the next action received from an effect is of the case `actionCase`
  /// (whatever its associated value), and how it changes the state.
  ///
  /// ```swift
  /// await clock.advance(by: Search.debounce)
  /// await store.receive(\.searchResponse) {
  ///   $0.results = ["Berlin", "Bern"]
  ///   $0.isSearching = false
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - actionCase: A case key path of the action enum (swift-case-paths' `@CasePathable`).
  ///   - timeout: How long to wait for it; the store's ``TestStore/timeout`` by default.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state
  ///     expected after it.
  public func receive<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0[case: actionCase] != nil },
      notFound: "Expected to receive an action matching case path, but didn't get one.",
      unexpected: { received in
        """
        \(Dumping.dump(received, indent: 2))

        (Expected: an action matching the case key path)
        """
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Asserts that the next action received from an effect is the case `actionCase` with the
  /// associated value `value`, and how it changes the state.
  ///
  /// ```swift
  /// await store.receive(\.factResponse, "1 is the loneliest number.") {
  ///   $0.fact = "1 is the loneliest number."
  /// }
  /// ```
  public func receive<Value: Equatable>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: { $0[case: actionCase] == value },
      notFound: """
        Expected to receive an action matching case path, with the value:

        \(Dumping.dump(value, indent: 2))
        """,
      unexpected: { received in
        if let receivedValue = received[case: actionCase] {
          return Dumping.difference(expected: value, actual: receivedValue, actualName: "Received")
        }
        return """
          \(Dumping.dump(received, indent: 2))

          (Expected: an action matching the case key path)
          """
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension TestStore {
  /// Asserts that the next action received from an effect satisfies `isMatching`, and how it
  /// changes the state.
  ///
  /// ```swift
  /// await store.receive({ if case .factFailed = $0 { true } else { false } }) {
  ///   $0.isLoadingFact = false
  ///   $0.factError = "No fact is known about -1: facts exist only for numbers from zero up."
  /// }
  /// ```
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveAction(
      matching: isMatching,
      notFound: "Expected to receive an action matching predicate, but didn't get one.",
      unexpected: { Dumping.dump($0, indent: 2) },
      timeout: timeout, update: updateStateToExpectedResult,
      at: TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// The shared part of every `receive`: waits for the action, skips what exhaustivity lets
  /// it skip, checks the action and the state change.
  func receiveAction(
    matching predicate: (Action) -> Bool,
    notFound: @autoclosure () -> String,
    unexpected: (Action) -> String,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    at location: TestLocation
  ) async {
    let timeout = timeout ?? self.timeout
    // Waits until an action that can be asserted is queued.
    let outcome = await waitForEffects(timeout: timeout) { hasReceived(matching: predicate) }
    guard hasReceived(matching: predicate) else {
      if outcome == .timedOut {
        core.fail(noActionMessage(timeout: timeout), at: location)
      } else {
        core.fail(notFound(), at: location)
      }
      return
    }
    if exhaustivity != .on {
      var skipped: [Action] = []
      while let first = core.received.first, !predicate(first.action) {
        core.received.removeFirst()
        skipped.append(first.action)
        core.assertedState = first.state
      }
      if !skipped.isEmpty {
        core.failUnlessSkipped(
          """
          \(skipped.count) received action\(skipped.count == 1 ? " was" : "s were") skipped:

          \(Dumping.dump(skipped))
          """,
          at: location
        )
      }
    }
    let received = core.received.removeFirst()
    if !predicate(received.action) {
      core.fail(
        """
        Received unexpected action: …

        \(unexpected(received.action))
        """,
        at: location
      )
    }
    core.assertStateChange(
      from: core.assertedState, to: received.state, update: update, at: location
    )
    core.assertedState = received.state
    noteAssertion(at: location)
    await megaYield()
  }

  /// Whether an action that can be asserted is queued: any action when the store is
  /// exhaustive, else one that satisfies `predicate`.
  private func hasReceived(matching predicate: (Action) -> Bool) -> Bool {
    exhaustivity == .on
      ? !core.received.isEmpty : core.received.contains { predicate($0.action) }
  }

  /// TCA's message for a `receive` that timed out.
  private func noActionMessage(timeout: Duration) -> String {
    let what = exhaustivity == .on ? "an action" : "a matching action"
    let suggestion: String
    if hasEffectsInFlight {
      suggestion = """
        There are effects in-flight. If the effect that delivers this action uses a clock (via \
        "sleep(for:)", a debounce, a delay, etc.), make sure that you wait enough time for it \
        to perform the effect. If you are using a "TestClock", advance it so that the effects \
        may complete, or consider using an "ImmediateClock" to immediately perform the effect \
        instead.

        If you are not yet using a clock, or can not use a clock, \(timeoutAdvice(timeout)).

        \(effectList)
        """
    } else {
      suggestion = """
        There are no in-flight effects that could deliver this action. Could the effect you \
        expected to deliver this action have been cancelled?
        """
    }
    return """
      Expected to receive \(what), but received none after \(Dumping.seconds(timeout)).

      \(suggestion)
      """
  }
}
