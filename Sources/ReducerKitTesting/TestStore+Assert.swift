import ReducerKit

extension TestStore {
  /// Asserts a change of state that no action made: a shared value an effect changed after the
  /// last action was asserted, or one its storage changed (a file written elsewhere).
  ///
  /// ```swift
  /// await store.receive(\.timerTick) { $0.secondsElapsed = 1 }
  /// store.assert {
  ///   $0.$syncUp.withLock { $0.meetings.insert(meeting, at: 0) }
  /// }
  /// ```
  ///
  /// The closure turns the state as last asserted into the state expected now; as after an
  /// action, a change it leaves out fails the test. Unlike after an action, as in TCA, a closure
  /// that changes nothing (the state already holds what it sets) does not.
  public func assert(
    _ updateStateToExpectedResult: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = TestLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let state = core.assertedState
    withoutActuallyEscaping(updateStateToExpectedResult) { update in
      core.assertStateChange(
        from: state, to: state, update: update, allowsUnchangedState: true, at: location)
    }
    noteAssertion(at: location)
  }
}
