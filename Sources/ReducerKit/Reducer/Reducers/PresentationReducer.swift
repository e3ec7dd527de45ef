import CasePaths
import Dependencies

extension Reducer {
  /// Runs a presented child feature's reducer on the parent's ``PresentationState``, as TCA's
  /// `ifLet(\.$destination, action: \.destination)` does.
  ///
  /// The child runs before the parent, with `@Dependency(\.isPresented)` true. `.dismiss` sets
  /// the child's state to `nil` after the parent has seen it; whenever the presented state goes
  /// away or becomes another presentation (another enum case, another id), the effects the
  /// child started are cancelled; and its effects can dismiss it with `@Dependency(\.dismiss)`.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.$destination, action: \.destination) { Destination.body }
  /// }
  /// ```
  public func ifLet<DestinationState, DestinationAction, Destination: Reducer>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction), fileID: fileID, line: line
    )
  }

  /// Presents an alert or a confirmation dialog, which has no reducer of its own: it is
  /// dismissed when the action of one of its buttons arrives.
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { EmptyReducer() }, fileID: fileID, line: line
    )
  }

  /// Presents the state of a `@Reducer` enum, running the child reducer of its current case.
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    ifLet(
      toPresentationState, action: toPresentationAction,
      destination: { DestinationState.StateReducer.body }, fileID: fileID, line: line
    )
  }
}

/// The reducer ``Reducer/ifLet(_:action:destination:fileID:line:)`` returns for a
/// ``PresentationState``.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let destination: Destination
  let toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>
  let toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  let fileID: StaticString
  let line: UInt

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let presented = state[keyPath: toPresentationState].wrappedValue
    let initialID = presented.map(NavigationID.init)
    var destinationEffects: Effect<Base.Action> = .none
    var dismissesEphemeral = false
    var isDismissal = false

    switch toPresentationAction.extract(from: action) {
    case .presented(let destinationAction)?:
      if let presented, let initialID {
        dismissesEphemeral = isEphemeral(presented)
        let effect = withDependencies {
          $0.isPresented = true
        } operation: {
          destination.reduce(
            into: &state[keyPath: toPresentationState].wrappedValue!, action: destinationAction
          )
        }
        destinationEffects = presentedEffect(effect, of: initialID)
      } else {
        warnAbsent(action)
      }
    case .dismiss?:
      if presented == nil { warnAbsent(action) }
      isDismissal = true
    case nil:
      break
    }

    let baseEffects = base.reduce(into: &state, action: action)
    // As in TCA, the parent sees a dismissal (or an alert's button) while the child is still
    // there, and the child goes away only if the parent left the same presentation in place.
    if isDismissal || dismissesEphemeral, let initialID,
      state[keyPath: toPresentationState].wrappedValue.map(NavigationID.init) == initialID
    {
      state[keyPath: toPresentationState].wrappedValue = nil
    }
    var cancelEffects: Effect<Base.Action> = .none
    if let initialID,
      state[keyPath: toPresentationState].wrappedValue.map(NavigationID.init) != initialID
    {
      cancelEffects = .cancel(id: effectsID(initialID), cause: .dismissed)
    }
    return .merge(destinationEffects, baseEffects, cancelEffects)
  }

  private func presentedEffect(
    _ effect: Effect<Destination.Action>, of id: NavigationID
  ) -> Effect<Base.Action> {
    let embed = UncheckedSendable(toPresentationAction.embed)
    let effectsID = effectsID(id)
    return effect
      // Each presentation has its own cancellation identifiers, so the child's
      // `.cancel(id:)` never reaches a sibling's or the parent's effects.
      .scopingCancelIDs(to: AnyCancelID(effectsID))
      .map { embed.value(.presented($0)) }
      .dismissing(with: embed.value(.dismiss))
      .cancellable(id: effectsID)
  }

  private func effectsID(_ id: NavigationID) -> ChildEffectsID {
    ChildEffectsID(
      "ifLet", parent: Base.self, path: toPresentationState, element: AnyHashable(id),
      fileID: fileID, line: line
    )
  }

  private func warnAbsent(_ action: Base.Action) {
    reportIssue(
      """
      An "ifLet" at "\(fileID):\(line)" received a presentation action when the destination \
      state was absent: \(oneLineDump(action)). Send presentation actions only while the \
      destination is presented, and cancel its effects when it is dismissed.
      """
    )
  }
}
