import CasePaths
import Observation

/// A convenience for `Store<R>`, as TCA spells it.
public typealias StoreOf<R: Reducer> = Store<R> where R.State: ObservableStateProtocol

/// Holds a feature's state, runs its reducer for every action sent, runs the effects the reducer
/// returns, and lets views observe the state one key path at a time.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter())
/// store.send(.incrementButtonTapped)
/// store.count  // 1
/// ```
///
/// Reading `store.count` inside an observation-tracking scope (a SwiftUI view's body, or
/// `withObservationTracking`) subscribes to `count` only: a change of another property does not
/// invalidate it. Reading ``state`` subscribes to every change.
///
/// The store accepts any reducer with the same state and action as `R`, so wrapping a feature in
/// middleware keeps the store's type:
///
/// ```swift
/// let store = Store<Todos>(initialState: Todos.State(), reducer: Todos().recording(to: log))
/// ```
@MainActor
@Observable
@dynamicMemberLookup
public final class Store<R: Reducer> where R.State: ObservableStateProtocol {
  @ObservationIgnored
  var currentState: R.State

  /// The key paths observed one by one: `R.State._$observableKeyPaths`.
  @ObservationIgnored
  private let keyPaths: [PartialKeyPath<R.State>]

  @ObservationIgnored
  private var versions: [PartialKeyPath<R.State>: ObservableVersion] = [:]

  @ObservationIgnored
  private let stateVersion = ObservableVersion()

  @ObservationIgnored
  private let observedKeyPaths: Set<PartialKeyPath<R.State>>

  /// Sends an action to the reducer that owns this store's state: the root runtime, or the
  /// parent store for a scoped store.
  @ObservationIgnored
  private let sendToOwner: @MainActor (R.Action) -> EffectGroup?

  /// The root store's runtime; `nil` for a scoped store.
  @ObservationIgnored
  let runtime: StoreRuntime<R.Action>?

  /// The scoped stores made from this one, refreshed after every change of this store's state.
  @ObservationIgnored
  var children: [ScopeID: any ScopedStore<R.State>] = [:]

  /// Whether the state this scoped store stands for still exists in its parent.
  @ObservationIgnored
  var isInvalid = false

  @ObservationIgnored
  private var stateWaiters: [ResumeOnce] = []

  /// Creates a store that runs `reducer` on `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from, made with the store's dependencies.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Changes the dependencies the reducer and its effects see, as in
  ///     TCA: `withDependencies: { $0.uuid = .incrementing }`.
  public convenience init(
    initialState: @autoclosure () -> R.State,
    reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, anyReducer: reducer, prepareDependencies: prepareDependencies
    )
  }

  /// Creates a store for feature `R` that runs another reducer with the same state and action,
  /// such as `R` wrapped in middleware.
  @_disfavoredOverload
  public convenience init(
    initialState: @autoclosure () -> R.State,
    reducer: some Reducer<R.State, R.Action>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, anyReducer: reducer, prepareDependencies: prepareDependencies
    )
  }

  /// Creates a store from a reducer builder, as in TCA (the feature type is spelled out because
  /// it cannot be inferred from the builder's reducers):
  /// `Store<Counter>(initialState: Counter.State()) { Counter()._printChanges() }`.
  public convenience init(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<R.State, R.Action> reducer: () -> some Reducer<R.State, R.Action>,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    self.init(
      initialState: initialState, anyReducer: reducer(),
      prepareDependencies: prepareDependencies
    )
  }

  /// The store runs every action with the dependencies current where it was made, changed by
  /// `prepareDependencies`, so a store made inside `withDependencies` keeps them.
  private init(
    initialState: () -> R.State,
    anyReducer reducer: some Reducer<R.State, R.Action>,
    prepareDependencies: ((inout DependencyValues) -> Void)?
  ) {
    let dependencies = DependencyValues.Continuation.current(
      changedBy: prepareDependencies ?? { _ in }
    )
    let runtime = StoreRuntime<R.Action>()
    // Made with the store's dependencies, as in TCA: a state whose `init` reads
    // `@Dependency(\.uuid)` gets the `uuid` `prepareDependencies` set.
    self.currentState = dependencies.yield(initialState)
    self.keyPaths = R.State._$observableKeyPaths
    self.observedKeyPaths = Set(keyPaths)
    self.runtime = runtime
    self.sendToOwner = { [unowned runtime] action in runtime.send(action) }
    runtime.reduce = { [unowned self] action in
      var state = self.currentState
      let effect = dependencies.yield { reducer.reduce(into: &state, action: action) }
      self.update(to: state)
      return effect
    }
  }

  /// Creates a scoped store whose state is derived from its parent's.
  init(scopedState: R.State, send: @escaping @MainActor (R.Action) -> EffectGroup?) {
    self.currentState = scopedState
    self.keyPaths = R.State._$observableKeyPaths
    self.observedKeyPaths = Set(keyPaths)
    self.runtime = nil
    self.sendToOwner = send
  }

  // MARK: - Reading state

  /// The whole current state. Reading it observes every change.
  public var state: R.State {
    stateVersion.access()
    return currentState
  }

  /// One value of the state. Reading a stored property observes that property only.
  public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    observe(keyPath)
    return currentState[keyPath: keyPath]
  }

  /// Registers an observation-tracked read of `keyPath`: of its own version when it is an
  /// observed stored property, of the whole state otherwise.
  func observe(_ keyPath: PartialKeyPath<R.State>) {
    guard observedKeyPaths.contains(keyPath) else {
      stateVersion.access()
      return
    }
    if let version = versions[keyPath] {
      version.access()
    } else {
      let version = ObservableVersion()
      versions[keyPath] = version
      version.access()
    }
  }

  // MARK: - Sending actions

  /// Sends an action to the reducer.
  ///
  /// The reducer runs at once, on the main actor; the returned ``StoreTask`` covers the effects
  /// it started.
  @discardableResult
  public func send(_ action: R.Action) -> StoreTask {
    guard !isInvalid else {
      reportIssue(
        """
        An action was sent to a store whose state no longer exists: \(oneLineDump(action)). \
        Stop sending actions to a scoped store once its optional or element state is gone.
        """
      )
      return StoreTask(group: nil)
    }
    return StoreTask(group: sendToOwner(action))
  }

  /// Sends an action and waits while `isInFlight` holds for the state, cancelling the action's
  /// effects when the waiting task is cancelled (as for SwiftUI's `refreshable`).
  public func send(_ action: R.Action, while isInFlight: (R.State) -> Bool) async {
    let task = send(action)
    await withTaskCancellationHandler {
      await yield(while: isInFlight)
    } onCancel: {
      task.group?.cancel()
    }
  }

  /// Waits while `predicate` holds for the state, re-checking after every change.
  public func yield(while predicate: (R.State) -> Bool) async {
    while predicate(currentState), !Task.isCancelled {
      let waiter = ResumeOnce()
      stateWaiters.append(waiter)
      await waiter.wait()
    }
  }

  // MARK: - Changes

  /// Replaces the state and invalidates the observers of what changed.
  ///
  /// Each observed key path's version is bumped when `R.State.hasChanged` says the key path
  /// changed; key paths nobody has read are checked only until one change is found, which is
  /// enough to know whether readers of the whole state must be invalidated. A state with no
  /// observed key paths is compared with `==`.
  func update(to newState: R.State) {
    let oldState = currentState
    currentState = newState
    var anyChanged = false
    for keyPath in keyPaths {
      let version = versions[keyPath]
      guard version != nil || !anyChanged else { continue }
      if R.State.hasChanged(keyPath, from: oldState, to: newState) {
        anyChanged = true
        version?.bump()
      }
    }
    if keyPaths.isEmpty {
      anyChanged = oldState != newState
    }
    guard anyChanged else { return }
    stateVersion.bump()
    for (id, child) in children where !child.parentDidChange(newState) {
      children[id] = nil
    }
    resumeStateWaiters()
  }

  private func resumeStateWaiters() {
    let waiters = stateWaiters
    stateWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  // MARK: - Effects

  /// The number of effects of this root store running now (0 for a scoped store).
  public var effectsInFlight: Int {
    runtime?.effectCount ?? 0
  }

  /// Waits until no effect of this root store is running.
  public func waitForEffects() async {
    await runtime?.waitUntilIdle()
  }

  /// Cancels every effect of this root store and waits until they have ended: how a recording
  /// ends a session whose long-running effects never finish on their own.
  package func cancelEffects() async {
    runtime?.cancelAll(cause: .storeEnded)
    await runtime?.waitUntilIdle()
  }
}
