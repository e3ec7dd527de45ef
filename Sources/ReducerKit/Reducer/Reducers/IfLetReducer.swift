import CasePaths

extension Reducer {
  /// Runs a child reducer on an optional part of the state while it is not `nil`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.detail, action: \.detail) {
  ///     Detail()
  ///   }
  /// ```
  ///
  /// The child runs before the parent. When the child state becomes `nil`, the child's effects
  /// are cancelled. A child action that arrives while the child state is `nil` is ignored with a
  /// runtime warning.
  ///
  /// - Parameters:
  ///   - toWrappedState: The key path of the optional child state.
  ///   - toWrappedAction: The case of the parent action that carries child actions.
  ///   - wrapped: The child reducer.
  /// - Returns: A reducer that runs the child, then this reducer.
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, Wrapped>
  where WrappedState == Wrapped.State, WrappedAction == Wrapped.Action {
    _IfLetReducer(
      parent: self,
      child: wrapped(),
      toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      childID: ChildEffectsID(
        "ifLet", parent: Self.self, path: toWrappedState, fileID: fileID, line: line
      ),
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:line:)`` returns.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let childID: ChildEffectsID
  let fileID: StaticString
  let line: UInt

  /// Runs the child reducer for a child action while the child state is present, then the
  /// parent reducer, and cancels the child's effects if the parent set the child state to `nil`.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let wasPresent = state[keyPath: toChildState] != nil
    let parentEffects = parent.reduce(into: &state, action: action)
    let cancelEffects: Effect<Parent.Action> =
      wasPresent && state[keyPath: toChildState] == nil ? .cancel(id: childID) : .none
    return .merge(childEffects, parentEffects, cancelEffects)
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard state[keyPath: toChildState] != nil else {
      reportIssue(
        """
        An "ifLet" at "\(fileID):\(line)" received a child action when child state was "nil": \
        \(oneLineDump(action)). Send child actions only while the child state is present, \
        and cancel child effects when it goes away.
        """
      )
      return .none
    }
    let embed = UncheckedSendable(toChildAction.embed)
    return child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
      .map { embed.value($0) }
      .cancellable(id: childID)
  }
}
