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
      parent: self, child: wrapped(), toChildState: .optional(toWrappedState),
      toChildAction: AnyCasePath(toWrappedAction),
      childID: ChildEffectsID(
        "ifLet", parent: Self.self, path: toWrappedState, fileID: fileID, line: line
      )
    )
  }

  /// Runs while an optional alert or confirmation dialog is shown, which has no reducer of its
  /// own: `.ifLet(\.alert, action: \.alert)`, as TCA writes it for `@Presents var alert`.
  ///
  /// Only the parent reduces; an action of the alert that arrives while it is `nil` is ignored
  /// with a runtime warning. To dismiss it when a button's action arrives, pass the presentation
  /// state instead: `.ifLet(\.$alert, action: \.alert)`.
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    ifLet(toWrappedState, action: toWrappedAction, then: { EmptyReducer() }, fileID: fileID, line: line)
  }
}

/// The reducer ``Reducer/ifLet(_:action:then:fileID:line:)`` returns, and the one
/// ``Reducer/ifCaseLet(_:action:then:fileID:line:)`` runs: a child reducer on a part of the
/// state that may be absent.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  /// Where the child state is: an optional property (`ifLet`) or an enum case (`ifCaseLet`).
  enum ChildState {
    case optional(WritableKeyPath<Parent.State, Child.State?>)
    case enumCase(AnyCasePath<Parent.State, Child.State>)

    func isPresent(in state: Parent.State) -> Bool {
      switch self {
      case let .optional(keyPath): state[keyPath: keyPath] != nil
      case let .enumCase(casePath): casePath.extract(from: state) != nil
      }
    }

    /// Runs `body` on the child state in place; `nil` when the child state is absent.
    func modify<R>(_ state: inout Parent.State, _ body: (inout Child.State) -> R) -> R? {
      switch self {
      case let .optional(keyPath):
        guard state[keyPath: keyPath] != nil else { return nil }
        return body(&state[keyPath: keyPath]!)
      case let .enumCase(casePath):
        guard var childState = casePath.extract(from: state) else { return nil }
        defer { state = casePath.embed(childState) }
        return body(&childState)
      }
    }

    /// The runtime warning's words: where the child state was, where it must be, how it goes.
    var warningWords: (absent: String, present: String, leaves: String) {
      switch self {
      case .optional: (#"child state was "nil""#, "the child state is present", "goes away")
      case .enumCase:
        ("the state was in another case", "the state is in the child's case", "changes")
      }
    }
  }

  let parent: Parent
  let child: Child
  let toChildState: ChildState
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let childID: ChildEffectsID

  /// Runs the child reducer for a child action while the child state is present, then the
  /// parent reducer, and cancels the child's effects if the parent removed the child state.
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let childEffects = reduceChild(into: &state, action: action)
    let wasPresent = toChildState.isPresent(in: state)
    let parentEffects = parent.reduce(into: &state, action: action)
    let cancelEffects: Effect<Parent.Action> =
      wasPresent && !toChildState.isPresent(in: state)
      ? .cancel(id: childID, cause: .stateRemoved) : .none
    return .merge(childEffects, parentEffects, cancelEffects)
  }

  private func reduceChild(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect = toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
    guard let effect else {
      let words = toChildState.warningWords
      reportIssue(
        """
        An "\(childID.kind)" at "\(childID.fileID):\(childID.line)" received a child action when \
        \(words.absent): \(oneLineDump(action)). Send child actions only while \(words.present), \
        and cancel child effects when it \(words.leaves).
        """
      )
      return .none
    }
    let embed = UncheckedSendable(toChildAction.embed)
    return effect.map { embed.value($0) }.cancellable(id: childID)
  }
}
