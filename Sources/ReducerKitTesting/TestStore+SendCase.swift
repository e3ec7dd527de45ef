import ReducerKit

extension TestStore where Action: CasePathable {
  /// Sends the action a case key path names, with no associated value, and asserts how it
  /// changes the state: `await store.send(\.view.loginButtonTapped) { … }`.
  ///
  /// - Parameters:
  ///   - actionCase: A case key path of the action, ending in a case without a payload.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  /// - Returns: The life of the effects the action started.
  @discardableResult
  public func send(
    _ actionCase: CaseKeyPath<Action, Void>,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      actionCase(), assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// Sends the action a case key path names with the associated value `value`, and asserts how
  /// it changes the state: `await store.send(\.binding.email, "a@b.c") { $0.email = "a@b.c" }`.
  ///
  /// - Parameters:
  ///   - actionCase: A case key path of the action.
  ///   - value: The associated value of its last case.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state expected
  ///     after it.
  /// - Returns: The life of the effects the action started.
  @discardableResult
  public func send<Value>(
    _ actionCase: CaseKeyPath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      actionCase(value), assert: updateStateToExpectedResult, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
