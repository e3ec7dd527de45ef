/// Runs the actions and effects of a root ``Store``: the action queue, effect tasks and
/// cancellation.
@MainActor
final class StoreRuntime<Action> {
  /// An action waiting to be reduced.
  private struct Pending {
    var action: Action
    var emitters: [any EffectObserver]
    /// Whether the action comes from an ``Effect/send(_:)`` effect that completes once the
    /// action has been reduced.
    var completesSendEffect: Bool
    /// The effects of the caller's `send` this action belongs to.
    var group: EffectGroup
  }

  /// Reduces one action into the store's state and returns its effect.
  var reduce: @MainActor (Action) -> Effect<Action> = { _ in .none }

  private var queue: [Pending] = []
  private var isSending = false
  private var nextTaskKey = 0
  private var inFlight: [Int: Task<Void, Never>] = [:]
  /// The in-flight tasks of each cancellation id, and the ids of each such task.
  private var cancellables: [AnyCancelID: Set<Task<Void, Never>>] = [:]
  private var cancelIDs: [Task<Void, Never>: [AnyCancelID]] = [:]
  /// The completion of each `run` effect's task, reported once: at its cancellation by id, or
  /// when its work ends.
  private var completions: [Task<Void, Never>: RunCompletion] = [:]
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// The actions sent while a live debugger holds the store, in order; `nil` when it does not.
  private var held: [Pending]?

  init() {}

  /// Whether actions sent now are held rather than reduced.
  var isHolding: Bool { held != nil }

  /// The number of actions held now.
  var heldCount: Int { held?.count ?? 0 }

  /// Holds every action sent from now on, unreduced, until ``releaseHeld()``.
  func hold() {
    if held == nil { held = [] }
  }

  /// Reduces `action` at once while actions are held (a live debugger's dispatch); what its
  /// effects send later is held.
  func sendPastHold(_ action: Action) -> EffectGroup? {
    let saved = held
    held = nil
    defer { held = saved }
    return send(action)
  }

  /// Stops holding and reduces the held actions in the order they were sent.
  func releaseHeld() {
    guard let actions = held else { return }
    held = nil
    for pending in actions { process(pending) }
  }

  /// The number of effect tasks running now.
  var effectCount: Int { inFlight.count }

  /// The number of effect tasks running now that are not cancelled: a cancelled task may take a
  /// moment to end, but nothing it sends from then on is delivered.
  var uncancelledEffectCount: Int { inFlight.values.count { !$0.isCancelled } }

  /// Reduces an action sent by the store's caller and every action it sends synchronously,
  /// starts their effects, and returns the group of those effects and of the effects of the
  /// actions they send later; `nil` when nothing was started.
  func send(_ action: Action) -> EffectGroup? {
    let group = EffectGroup()
    let isReentrant = isSending
    process(Pending(action: action, emitters: [], completesSendEffect: false, group: group))
    // A reentrant send (from inside a reducer) or a held one is only queued: its effects start
    // later.
    guard isReentrant || held != nil || !group.isEmpty else { return nil }
    return group
  }

  /// Queues `pending` and, unless an outer call is already draining the queue, reduces the
  /// queue and starts the effects.
  ///
  /// - Returns: The tasks of the effects started, empty when the action was only queued.
  @discardableResult
  private func process(_ pending: Pending) -> [Task<Void, Never>] {
    if held != nil, !isSending {
      held!.append(pending)
      return []
    }
    guard !isSending else {
      queue.append(pending)
      return []
    }
    isSending = true
    defer { isSending = false }
    var started: [Task<Void, Never>] = []
    // The action sent first, then those queued while it was reduced. Usually there are none, and
    // the queue is not touched: this generic class runs unspecialized, where each array
    // mutation looks up metadata.
    var next: Pending? = pending
    var index = 0
    while let pending = next {
      // Always bound, so an action sent by the caller never inherits emitters from the task
      // that sent it.
      let effect = EffectContext.$emitters.withValue(pending.emitters) {
        reduce(pending.action)
      }
      if pending.completesSendEffect {
        for observer in pending.emitters { observer.effectDidComplete(.finished) }
      }
      let tasks = run(effect, in: pending.group)
      pending.group.add(tasks)
      started += tasks
      if index < queue.count {
        next = queue[index]
        index += 1
      } else {
        next = nil
      }
    }
    if !queue.isEmpty { queue = [] }
    return started
  }

  /// Cancels every effect in flight; with a `cause`, their observers hear of it at once.
  func cancelAll(cause: CancellationCause? = nil) {
    for task in inFlight.values {
      task.cancel()
      if let cause { completions.removeValue(forKey: task)?.report(.cancelled(cause)) }
    }
  }

  /// Waits until no effect is in flight.
  func waitUntilIdle() async {
    guard !inFlight.isEmpty else { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  // MARK: - Running effects

  private func run(_ effect: Effect<Action>, in group: EffectGroup) -> [Task<Void, Never>] {
    switch effect.operation {
    case .none:
      return []

    case let .send(action, observers):
      for observer in observers { observer.effectDidStart() }
      return process(
        Pending(action: action, emitters: observers, completesSendEffect: true, group: group)
      )

    case let .run(run):
      return [start(run, in: group)]

    case let .merge(effects):
      return effects.flatMap { self.run($0, in: group) }

    case let .concatenate(effects):
      return [
        track { [weak self] in
          for effect in effects {
            guard let self, !Task.isCancelled else { return }
            await Self.awaitAll(self.run(effect, in: group))
          }
        }
      ]

    case let .cancellable(id, cancelInFlight, effect):
      if cancelInFlight { cancel(id: id, cause: .cancelInFlight) }
      let tasks = run(effect, in: group)
      for task in tasks {
        cancellables[id, default: []].insert(task)
        cancelIDs[task, default: []].append(id)
      }
      return tasks

    case let .cancel(id, cause):
      cancel(id: id, cause: cause)
      return []
    }
  }

  private func start(_ run: Effect<Action>.Run, in group: EffectGroup) -> Task<Void, Never> {
    let observers = run.observers
    for observer in observers { observer.effectDidStart() }
    let send = Send<Action> { [weak self] action in
      self?.process(
        Pending(action: action, emitters: observers, completesSendEffect: false, group: group)
      )
    }
    let once = RunCompletion(observers: observers)
    let task = track(priority: run.priority) {
      var completion = EffectCompletion.finished
      do {
        try await EffectContext.$running.withValue(observers) { try await run.operation(send) }
        if Task.isCancelled { completion = .cancelled(nil) }
      } catch {
        if Task.isCancelled || error is CancellationError {
          completion = .cancelled(nil)
        } else {
          completion = .failed(String(describing: error))
          if let handler = run.handler {
            await handler(error, send)
          } else {
            reportIssue(
              """
              An "Effect.run" returned from "\(run.fileID):\(run.line)" threw an unhandled \
              error: \(error). Handle errors with "catch:" or inside the operation.
              """
            )
          }
        }
      }
      once.report(completion)
    }
    if !observers.isEmpty { completions[task] = once }
    return task
  }

  /// Starts `operation` as an effect task on the main actor, in flight until it returns.
  private func track(
    priority: TaskPriority? = nil, _ operation: @escaping @MainActor () async -> Void
  ) -> Task<Void, Never> {
    let key = makeTaskKey()
    let task = Task(priority: priority) { @MainActor [weak self] in
      await operation()
      self?.didFinish(key)
    }
    // The task cannot start before this: both run on the main actor.
    inFlight[key] = task
    return task
  }

  /// Forgets the task of `key`, and wakes the idle waiters when it was the last one.
  private func didFinish(_ key: Int) {
    if let task = inFlight[key] { completions[task] = nil }
    if let task = inFlight.removeValue(forKey: key),
      let ids = cancelIDs.removeValue(forKey: task)
    {
      for id in ids {
        cancellables[id]?.remove(task)
        if cancellables[id]?.isEmpty == true { cancellables[id] = nil }
      }
    }
    guard inFlight.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters.removeAll()
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels the effects of `id`. Their observers hear of it at once, as TCA's test store drops
  /// a cancelled effect at once: the task may take a moment more to notice, but nothing it does
  /// from now on is delivered.
  private func cancel(id: AnyCancelID, cause: CancellationCause) {
    guard let tasks = cancellables.removeValue(forKey: id) else { return }
    for task in tasks {
      task.cancel()
      completions.removeValue(forKey: task)?.report(.cancelled(cause))
    }
  }

  private func makeTaskKey() -> Int {
    nextTaskKey += 1
    return nextTaskKey
  }

  /// Waits for all `tasks`, cancelling them if the waiting task is cancelled.
  private static func awaitAll(_ tasks: [Task<Void, Never>]) async {
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  isolated deinit {
    cancelAll()
  }
}

/// Reports the end of one `run` effect to its observers, once.
@MainActor
private final class RunCompletion {
  private var observers: [any EffectObserver]

  init(observers: [any EffectObserver]) {
    self.observers = observers
  }

  func report(_ completion: EffectCompletion) {
    let observers = self.observers
    self.observers = []
    for observer in observers { observer.effectDidComplete(completion) }
  }
}
