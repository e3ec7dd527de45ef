import CasePaths

extension Reducer {
  /// Runs a child reducer on one case of an enum state while the state is in that case.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) {
  ///     LoggedIn()
  ///   }
  /// ```
  ///
  /// The child runs before the parent. When the state leaves the case, the child's effects are
  /// cancelled. A child action that arrives while the state is in another case is ignored with
  /// a runtime warning.
  ///
  /// - Parameters:
  ///   - toCaseState: The case of the enum state that holds the child state.
  ///   - toCaseAction: The case of the parent action that carries child actions.
  ///   - case: The child reducer.
  /// - Returns: A reducer that runs the child, then this reducer.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfCaseLetReducer<Self, Case>
  where CaseState == Case.State, CaseAction == Case.Action {
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: AnyCasePath(toCaseState),
      toChildAction: AnyCasePath(toCaseAction),
      childID: ChildEffectsID(
        "ifCaseLet", parent: Self.self, path: toCaseState, fileID: fileID, line: line
      ),
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:line:)`` returns.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let child: Child
  let toChildState: AnyCasePath<Parent.State, Child.State>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let childID: ChildEffectsID
  let fileID: StaticString
  let line: UInt

  /// Runs the child reducer for a child action while the state is in the child's case, then
  /// the parent reducer, and cancels the child's effects if the state left the case.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let wasInCase = toChildState.extract(from: state) != nil
    let parentEffects = parent.reduce(into: &state, action: action)
    let cancelEffects: Effect<Parent.Action> =
      wasInCase && toChildState.extract(from: state) == nil ? .cancel(id: childID) : .none
    return .merge(childEffects, parentEffects, cancelEffects)
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    guard var childState = toChildState.extract(from: state) else {
      reportIssue(
        """
        An "ifCaseLet" at "\(fileID):\(line)" received a child action when the state was in \
        another case: \(oneLineDump(action)). Send child actions only while the state is in \
        the child's case, and cancel child effects when it changes.
        """
      )
      return .none
    }
    let effect = child.reduce(into: &childState, action: childAction)
    state = toChildState.embed(childState)
    let embed = UncheckedSendable(toChildAction.embed)
    return effect.map { embed.value($0) }.cancellable(id: childID)
  }
}
