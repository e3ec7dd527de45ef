import CasePaths
import IdentifiedCollections

/// Identifies a scoped store among the children of its parent.
struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  let element: AnyHashable?
}

/// A scoped store, as its parent sees it.
@MainActor
protocol ScopedStore<ParentState>: AnyObject {
  associatedtype ParentState
  /// Refreshes the child from the parent's new state; returns `false` when the child's state is
  /// gone (it is then invalid and dropped from the parent's cache).
  func parentDidChange(_ parentState: ParentState) -> Bool
}

/// A child store with the closure that derives its state from the parent's.
@MainActor
final class ScopedChild<ParentState, Child: Reducer>: ScopedStore
where Child.State: ObservableStateProtocol {
  let store: Store<Child>
  let toChildState: (ParentState) -> Child.State?

  init(store: Store<Child>, toChildState: @escaping (ParentState) -> Child.State?) {
    self.store = store
    self.toChildState = toChildState
  }

  func parentDidChange(_ parentState: ParentState) -> Bool {
    guard let childState = toChildState(parentState) else {
      store.isInvalid = true
      return false
    }
    store.update(to: childState)
    return true
  }
}

extension Store {
  /// A store for a child feature whose state is always present.
  ///
  /// ```swift
  /// let counter: StoreOf<Counter> = store.scope(state: \.counter, action: \.counter)
  /// ```
  ///
  /// The child store is cached: scoping twice gives the same store.
  public func scope<Child: Reducer>(
    state toChildState: KeyPath<R.State, Child.State>,
    action toChildAction: CaseKeyPath<R.Action, Child.Action>
  ) -> Store<Child> {
    observe(toChildState)
    return child(
      id: ScopeID(state: toChildState, action: toChildAction, element: nil),
      action: toChildAction,
      toChildState: { $0[keyPath: toChildState] }
    )!
  }

  /// A store for a child feature whose state is optional: `nil` while the child state is `nil`.
  ///
  /// ```swift
  /// if let detail: StoreOf<Detail> = store.scope(state: \.detail, action: \.detail) { … }
  /// ```
  public func scope<Child: Reducer>(
    state toChildState: KeyPath<R.State, Child.State?>,
    action toChildAction: CaseKeyPath<R.Action, Child.Action>
  ) -> Store<Child>? {
    observe(toChildState)
    return child(
      id: ScopeID(state: toChildState, action: toChildAction, element: nil),
      action: toChildAction,
      toChildState: { $0[keyPath: toChildState] }
    )
  }

  /// A store for each element of a collection of child states, in order.
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.todos, action: \.todos)) { todo in … }
  /// ```
  public func scope<ID: Hashable & Sendable, Child: Reducer>(
    state toElements: KeyPath<R.State, IdentifiedArray<ID, Child.State>>,
    action toElementAction: CaseKeyPath<R.Action, IdentifiedAction<ID, Child.Action>>
  ) -> [Store<Child>] {
    observe(toElements)
    let embed = AnyCasePath(toElementAction).embed
    return currentState[keyPath: toElements].ids.compactMap { id in
      let id = id
      return child(
        id: ScopeID(state: toElements, action: toElementAction, element: AnyHashable(id)),
        embed: { embed(.element(id: id, action: $0)) },
        toChildState: { $0[keyPath: toElements][id: id] }
      )
    }
  }

  private func child<Child: Reducer>(
    id: ScopeID,
    action toChildAction: CaseKeyPath<R.Action, Child.Action>,
    toChildState: @escaping (R.State) -> Child.State?
  ) -> Store<Child>? {
    let embed = AnyCasePath(toChildAction).embed
    return child(id: id, embed: embed, toChildState: toChildState)
  }

  private func child<Child: Reducer>(
    id: ScopeID,
    embed: @escaping (Child.Action) -> R.Action,
    toChildState: @escaping (R.State) -> Child.State?
  ) -> Store<Child>? {
    if let existing = children[id] as? ScopedChild<R.State, Child> {
      return existing.store
    }
    guard let childState = toChildState(currentState) else { return nil }
    let store = Store<Child>(scopedState: childState) { [weak self] childAction in
      guard let self else { return nil }
      return self.send(embed(childAction)).group
    }
    children[id] = ScopedChild(store: store, toChildState: toChildState)
    return store
  }
}
