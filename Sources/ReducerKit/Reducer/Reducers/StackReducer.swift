import CasePaths
import Dependencies

extension Reducer {
  /// Runs the reducers of a navigation stack's screens on the parent's ``StackState``, as TCA's
  /// `forEach(\.path, action: \.path)` does.
  ///
  /// An element's action runs its reducer first, with `@Dependency(\.isPresented)` true, then
  /// the parent's. `.popFrom(id:)` pops after the parent has seen it, `.push(id:state:)` pushes
  /// before. An element's effects are cancelled when it leaves the stack, and can pop it with
  /// `@Dependency(\.dismiss)`.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: \.path) { Path.body }
  /// }
  /// ```
  public func forEach<DestinationState, DestinationAction, Destination: Reducer>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, Destination>
  where DestinationState == Destination.State, DestinationAction == Destination.Action {
    _StackReducer(
      base: self, destination: destination(), toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction), fileID: fileID, line: line
    )
  }

  /// Runs a stack whose elements are the state of a `@Reducer` enum, each with the child
  /// reducer of its case.
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    forEach(
      toStackState, action: toStackAction,
      destination: { DestinationState.StateReducer.body }, fileID: fileID, line: line
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:destination:fileID:line:)`` returns for a
/// ``StackState``.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  let base: Base
  let destination: Destination
  let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  let toStackAction:
    AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  let fileID: StaticString
  let line: UInt

  @Dependency(\.stackElementID) var stackElementID

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let idsBefore = state[keyPath: toStackState].ids
    var destinationEffects: Effect<Base.Action> = .none
    var baseEffects: Effect<Base.Action>

    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction)?:
      if state[keyPath: toStackState][id: id] != nil {
        let effect = withDependencies {
          $0.isPresented = true
        } operation: {
          destination.reduce(into: &state[keyPath: toStackState][id: id]!, action: elementAction)
        }
        destinationEffects = elementEffect(effect, of: id)
      } else {
        warn(
          "received an action for a missing element: id \(id.debugDescription)", action: action,
          advice: "Send element actions only for ids still in the stack"
        )
      }
      baseEffects = base.reduce(into: &state, action: action)

    case .popFrom(let id)?:
      let canPop = idsBefore.contains(id)
      baseEffects = base.reduce(into: &state, action: action)
      if canPop {
        state[keyPath: toStackState].pop(from: id)
      } else {
        warn(
          "received a pop for a missing element: id \(id.debugDescription)", action: action,
          advice: "Pop only ids still in the stack"
        )
      }

    case .push(let id, let element)?:
      if idsBefore.contains(id) {
        warn(
          "received a push for an id already in the stack: \(id.debugDescription)",
          action: action, advice: "Push with the next id, stackElementID.nextID"
        )
      } else {
        let nextID = stackElementID.nextID
        if id.generation > nextID.generation {
          warn(
            "received a push with an id from the future: \(id.debugDescription), while the next "
              + "id is \(nextID.debugDescription)", action: action,
            advice: "Push with the next id, stackElementID.nextID"
          )
        } else if id == nextID {
          _ = stackElementID()
        }
        state[keyPath: toStackState][id: id] = element
      }
      baseEffects = base.reduce(into: &state, action: action)

    case nil:
      baseEffects = base.reduce(into: &state, action: action)
    }

    let idsAfter = state[keyPath: toStackState].ids
    var cancelEffects: [Effect<Base.Action>] = []
    // A push keeps every id before it, in order; any other change looks the old ids up in a
    // set (a search of the array per id made a push on a stack of n screens cost n² / 2).
    if idsBefore != idsAfter, !idsAfter.starts(with: idsBefore) {
      let remaining = Set(idsAfter)
      for id in idsBefore where !remaining.contains(id) {
        cancelEffects.append(.cancel(id: effectsID(id), cause: .popped))
      }
    }
    return .merge([destinationEffects, baseEffects] + cancelEffects)
  }

  private func elementEffect(
    _ effect: Effect<Destination.Action>, of id: StackElementID
  ) -> Effect<Base.Action> {
    let embed = UncheckedSendable(toStackAction.embed)
    let effectsID = effectsID(id)
    return effect
      .scopingCancelIDs(to: AnyCancelID(effectsID))
      .map { embed.value(.element(id: id, action: $0)) }
      .dismissing(with: embed.value(.popFrom(id: id)))
      .cancellable(id: effectsID)
  }

  private func effectsID(_ id: StackElementID) -> ChildEffectsID {
    ChildEffectsID(
      "forEach", parent: Base.self, path: toStackState, element: AnyHashable(id),
      fileID: fileID, line: line
    )
  }

  private func warn(_ what: String, action: Base.Action, advice: String) {
    reportIssue(
      """
      A "forEach" at "\(fileID):\(line)" \(what): \(oneLineDump(action)). \(advice), and \
      cancel element effects when an element is popped.
      """
    )
  }
}
