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
      base: _IfLetReducer(
        parent: self, child: `case`(), toChildState: .enumCase(AnyCasePath(toCaseState)),
        toChildAction: AnyCasePath(toCaseAction),
        childID: ChildEffectsID(
          "ifCaseLet", parent: Self.self, path: toCaseState, fileID: fileID, line: line
        )
      )
    )
  }
}

/// The reducer ``Reducer/ifCaseLet(_:action:then:fileID:line:)`` returns: an ``_IfLetReducer``
/// whose child state is a case of the parent's enum state rather than an optional property.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let base: _IfLetReducer<Parent, Child>

  /// Runs the child reducer while the state is in its case, then the parent (``_IfLetReducer``).
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    base.reduce(into: &state, action: action)
  }
}
