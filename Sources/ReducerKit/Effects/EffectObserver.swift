/// Observes the life of one effect: when it starts, which actions it emits, and how it ends.
///
/// The hook the time-travel recorder (ReducerKitDebug) and `TestStore` use, with `package`
/// access so an app's `import ReducerKit` does not see it: attach observers with
/// ``Effect/observingEach(_:)`` and the store calls them on the main actor. While the store
/// reduces an action that an observed effect emitted, ``EffectContext/emitters`` holds that
/// effect's observers, so a reducer can tell which effect an action came from.
@usableFromInline
package protocol EffectObserver: AnyObject, Sendable {
  /// Called when the store starts the effect.
  func effectDidStart()
  /// Called once when the effect has ended.
  func effectDidComplete(_ completion: EffectCompletion)
}

/// How an effect ended.
@usableFromInline
package enum EffectCompletion: Hashable, Sendable {
  /// Its work ran to the end.
  case finished
  /// It was cancelled, and why when the store knows it (`nil`: by its ``StoreTask``, or the
  /// store went away).
  case cancelled(CancellationCause?)
  /// Its work threw; the associated value describes the error.
  case failed(String)
}

/// A description of one leaf effect, handed to the observer factory of
/// ``Effect/observingEach(_:)``.
package struct EffectLeaf: Sendable {
  /// What kind of work the effect does.
  package enum Kind: String, Sendable {
    /// An ``Effect/run(priority:operation:catch:fileID:line:)`` effect.
    case run
    /// An ``Effect/send(_:)`` effect.
    case send
  }

  /// What kind of work the effect does.
  package let kind: Kind
  /// The cancellation identifiers the effect runs under, innermost first.
  package let cancelIDs: [AnyCancelID]
}

/// What the store knows about the action being reduced, or the effect running, right now.
package enum EffectContext {
  /// The observers of the effect that emitted the action being reduced; empty when the action
  /// was sent by the store's caller.
  @TaskLocal package static var emitters: [any EffectObserver] = []
  /// The observers of the `run` effect whose operation runs in this task: who made a change
  /// the effect makes outside any action (a shared value's `withLock`).
  @TaskLocal package static var running: [any EffectObserver] = []
}

extension Effect {
  /// Attaches an observer, made by `makeObserver`, to every leaf effect (each `run` and each
  /// `send`) in this effect.
  ///
  /// The observers do not change what the effect does.
  package func observingEach(_ makeObserver: (EffectLeaf) -> any EffectObserver) -> Self {
    // Most actions return no effect: skip the walk and its empty list of cancel ids.
    if isNone { return self }
    return observingEach(cancelIDs: [], makeObserver)
  }

  private func observingEach(
    cancelIDs: [AnyCancelID], _ makeObserver: (EffectLeaf) -> any EffectObserver
  ) -> Self {
    switch operation {
    case .none, .cancel:
      return self
    case let .send(action, observers):
      let observer = makeObserver(EffectLeaf(kind: .send, cancelIDs: cancelIDs))
      return Self(operation: .send(action, observers: observers + [observer]))
    case var .run(run):
      run.observers.append(makeObserver(EffectLeaf(kind: .run, cancelIDs: cancelIDs)))
      return Self(operation: .run(run))
    case let .merge(effects):
      return Self(
        operation: .merge(effects.map { $0.observingEach(cancelIDs: cancelIDs, makeObserver) })
      )
    case let .concatenate(effects):
      return Self(
        operation: .concatenate(
          effects.map { $0.observingEach(cancelIDs: cancelIDs, makeObserver) }
        )
      )
    case let .cancellable(id, cancelInFlight, effect):
      return Self(
        operation: .cancellable(
          id: id, cancelInFlight: cancelInFlight,
          effect.observingEach(cancelIDs: [id] + cancelIDs, makeObserver)
        )
      )
    }
  }
}
