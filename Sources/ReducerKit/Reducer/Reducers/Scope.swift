import CasePaths

/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(\.counter, action: \.counter) {
///     Counter()
///   }
///   Reduce { state, action in … }
/// }
/// ```
///
/// List `Scope` before the parent's own logic, so the child sees its actions first.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  enum StatePath {
    case keyPath(WritableKeyPath<ParentState, Child.State>)
    case casePath(AnyCasePath<ParentState, Child.State>, fileID: StaticString, line: UInt)
  }

  let toChildState: StatePath
  let toChildAction: AnyCasePath<ParentAction, Child.Action>
  let child: Child

  /// Scopes to a stored part of the parent's state.
  ///
  /// - Parameters:
  ///   - toChildState: The key path of the child state.
  ///   - toChildAction: The case of the parent action that carries child actions.
  ///   - child: The child reducer.
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(toChildState)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  /// Scopes to a stored part of the parent's state: ``init(_:action:_:)`` with the `state:`
  /// label, which TCA still accepts but has deprecated.
  ///
  /// Disfavored, so that on an enum state with dynamic member lookup (the state of a
  /// `@Reducer enum`), where `\.someCase` is also a writable key path to the payload through
  /// swift-case-paths' dynamic member subscripts, `Scope(state: \.someCase, …)` scopes to the
  /// case with ``init(state:action:child:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - toChildState: The key path of the child state.
  ///   - toChildAction: The case of the parent action that carries child actions.
  ///   - child: The child reducer.
  @_disfavoredOverload
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(toChildState, action: toChildAction, child)
  }

  /// Scopes to one case of an enum parent state. An action that arrives while the state is in
  /// another case is ignored with a runtime warning.
  ///
  /// - Parameters:
  ///   - toChildState: The case of the parent state that holds the child state.
  ///   - toChildAction: The case of the parent action that carries child actions.
  ///   - child: The child reducer.
  ///   - fileID: The file of the call, named by the runtime warning.
  ///   - line: The line of the call, named by the runtime warning.
  public init<ChildState, ChildAction>(
    state toChildState: CaseKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(AnyCasePath(toChildState), fileID: fileID, line: line)
    self.toChildAction = AnyCasePath(toChildAction)
    self.child = child()
  }

  /// Runs the child reducer on the child state for a child action; ignores every other
  /// action.
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let embed = toChildAction.embed
    switch toChildState {
    case let .keyPath(keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map { [embed = UncheckedSendable(embed)] in embed.value($0) }
    case let .casePath(casePath, fileID, line):
      guard var childState = casePath.extract(from: state) else {
        reportIssue(
          """
          A "Scope" at "\(fileID):\(line)" received a child action while the parent state was \
          in another case: \(oneLineDump(action)). Send child actions only while the state is \
          in that case.
          """
        )
        return .none
      }
      defer { state = casePath.embed(childState) }
      return child.reduce(into: &childState, action: childAction)
        .map { [embed = UncheckedSendable(embed)] in embed.value($0) }
    }
  }
}
