import CasePaths
import IdentifiedCollections

extension Reducer {
  /// Runs an element reducer on the elements of an `IdentifiedArray`, for the actions sent to
  /// each element by id.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.todos, action: \.todos) {
  ///     Todo()
  ///   }
  /// ```
  ///
  /// The element runs before the parent. When an element is removed, its effects are cancelled.
  /// Cancellation identifiers are scoped to their element: `.cancel(id:)` returned by one
  /// element cancels only that element's effects. An action for an id that is not in the
  /// collection is ignored with a runtime warning.
  ///
  /// While an ``ElementChangeJournal`` is bound, each element run is noted in it.
  ///
  /// - Parameters:
  ///   - toElementsState: The key path of the collection of element states.
  ///   - toElementAction: The case of the parent action that carries ``IdentifiedAction``s.
  ///   - element: The element reducer.
  /// - Returns: A reducer that runs the element reducer, then this reducer.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> _ForEachReducer<Self, ID, Element>
  where ElementState == Element.State, ElementAction == Element.Action {
    _ForEachReducer(
      parent: self,
      element: element(),
      toElementsState: toElementsState,
      toElementAction: AnyCasePath(toElementAction),
      fileID: fileID,
      line: line
    )
  }
}

/// The reducer ``Reducer/forEach(_:action:element:fileID:line:)`` returns.
///
/// Its `reduce` is inlinable, so it is compiled for the feature's element and id types in the
/// feature's module: finding the row, running the element reducer on it and noting it in the
/// ``ElementChangeJournal`` then run without generic metadata lookups. Building the effects and
/// reporting misuse stay out of line.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>:
  Reducer
{
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline
  let toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline
  let toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  let fileID: StaticString
  let line: UInt

  /// Runs the element reducer on the element an ``IdentifiedAction`` names, then the parent
  /// reducer, and cancels the effects of the elements the parent removed.
  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let elementEffects = reduceElement(into: &state, action: action)
    return reduceParent(into: &state, action: action, after: elementEffects)
  }

  /// Runs the parent reducer, and cancels the effects of the elements it removed.
  @usableFromInline
  func reduceParent(
    into state: inout Parent.State, action: Parent.Action,
    after elementEffects: Effect<Parent.Action>
  ) -> Effect<Parent.Action> {
    let idsBefore = state[keyPath: toElementsState].ids
    let parentEffects = parent.reduce(into: &state, action: action)
    let idsAfter = state[keyPath: toElementsState].ids
    var cancelEffects: [Effect<Parent.Action>] = []
    // `!=` is immediate when the ids share their storage (no row added, removed or moved).
    if idsBefore != idsAfter, !Self.keepsInOrder(idsBefore.elements, idsAfter.elements) {
      for id in idsBefore where !idsAfter.contains(id) {
        cancelEffects.append(.cancel(id: effectsID(id), cause: .stateRemoved))
      }
    }
    return .merge([elementEffects, parentEffects] + cancelEffects)
  }

  /// Whether `after` holds every id of `before`, in the same order (the ids unchanged, or rows
  /// added): then no element was removed. One pass of `==`, where looking each id up hashes it.
  @usableFromInline
  static func keepsInOrder<Identifier: Equatable>(
    _ before: [Identifier], _ after: [Identifier]
  ) -> Bool {
    guard after.count >= before.count else { return false }
    var next = 0
    for id in before {
      while next < after.count, after[next] != id { next += 1 }
      guard next < after.count else { return false }
      next += 1
    }
    return true
  }

  /// Runs the element reducer when `action` is an element action, and returns its effect as
  /// the parent's.
  @inlinable
  func reduceElement(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard case let .element(id, elementAction) = toElementAction.extract(from: action)
    else { return .none }
    guard
      let effect = reduceElement(
        id: id, in: &state[keyPath: toElementsState], action: elementAction,
        noting: ElementChangeJournal.current
      )
    else {
      warnMissingElement(id: id, action: action)
      return .none
    }
    return parentEffect(effect, of: id)
  }

  /// Runs the element reducer on the element `id`, in one access to the collection and one
  /// lookup of the id, and notes the run in `journal` when one is bound. Returns `nil` when
  /// there is no such element.
  @inlinable
  func reduceElement(
    id: ID, in elements: inout IdentifiedArray<ID, Element.State>, action: Element.Action,
    noting journal: ElementChangeJournal?
  ) -> Effect<Element.Action>? {
    guard let index = elements.index(id: id) else { return nil }
    guard let journal else {
      return element.reduce(into: &elements[index], action: action)
    }
    let before = elements.storageID
    let effect = element.reduce(into: &elements[index], action: action)
    journal.noteElementChange(at: index, before: before, after: elements)
    return effect
  }

  /// The element's effect as the parent's: its actions wrapped in the element's id, and its
  /// cancellation identifiers scoped to the element.
  @usableFromInline
  func parentEffect(_ effect: Effect<Element.Action>, of id: ID) -> Effect<Parent.Action> {
    let embed = UncheckedSendable(toElementAction.embed)
    let effectsID = effectsID(id)
    return effect
      // Each element has its own cancellation identifiers, so one row's `.cancel(id:)` (or one
      // row's `ifLet` closing) does not cancel another row's effects.
      .scopingCancelIDs(to: AnyCancelID(effectsID))
      .map { embed.value(.element(id: id, action: $0)) }
      .cancellable(id: effectsID)
  }

  /// Reports an action for an element that is not in the collection.
  @usableFromInline
  func warnMissingElement(id: ID, action: Parent.Action) {
    reportIssue(
      """
      A "forEach" at "\(fileID):\(line)" received an action for a missing element: id \
      \(id), \(oneLineDump(action)). Send element actions only for ids still in the \
      collection, and cancel element effects when an element is removed.
      """
    )
  }

  private func effectsID(_ id: ID) -> ChildEffectsID {
    ChildEffectsID(
      "forEach",
      parent: Parent.self,
      path: toElementsState,
      element: AnyHashable(id),
      fileID: fileID,
      line: line
    )
  }
}
