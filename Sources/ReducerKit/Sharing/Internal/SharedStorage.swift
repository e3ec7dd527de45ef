import Foundation

/// The one place a shared value lives: every ``Shared`` and ``SharedReader`` of it, derived ones
/// included, reads and changes this object's value under its lock.
///
/// It holds the value as `Any` so that a share derived from it (`$list[id: id]`) and the tracker
/// of changes (``SharedChangeTracker``) can hold the root without knowing its type.
package final class SharedStorage: @unchecked Sendable {
  // `@unchecked`: `value` and `persistence` are read and written only under `lock`.
  private let lock = NSRecursiveLock()
  private var value: Any
  private var persistence: SharedPersistence?
  /// How the value is stored, as a developer writes it: `.fileStorage(…)`, or `value` for
  /// `Shared(value:)`.
  package let keyDescription: String

  init(value: Any, keyDescription: String) {
    self.value = value
    self.keyDescription = keyDescription
  }

  /// The storage's identity, the same for every share of its value.
  package var id: ObjectIdentifier { ObjectIdentifier(self) }

  /// Whether the value is kept by a key (a file, a defaults suite, memory under a name) rather
  /// than made with `Shared(value:)`.
  package var isPersisted: Bool { lock.withLock { persistence != nil } }

  /// The value now.
  package var currentValue: Any { lock.withLock { value } }

  /// Reads the value under the lock.
  func read<R>(_ body: (Any) throws -> R) rethrows -> R {
    try lock.withLock { try body(value) }
  }

  /// Changes the value under the lock: the key saves the new value, the active change trackers
  /// note the value before the first change, and observers hear of it.
  ///
  /// `body` changes a copy, stored when it returns: a read of this storage inside `body` (a
  /// derived share of the same value, `state.syncUp.id` inside `$syncUps.withLock`) sees the
  /// value before the change, as in swift-sharing, instead of overlapping the change's access.
  ///
  /// `share` is the share the change is made through, whose part of the value it changes;
  /// `nil` when it may change the whole value.
  func mutate<R>(
    through share: (any SharedPartLocating)? = nil, _ body: (inout Any) throws -> R
  ) rethrows -> R {
    let (result, change) = try lock.withLock { () throws -> (R, SharedObservers.Change?) in
      let before = value
      var changed = before
      let result = try body(&changed)
      value = changed
      persistence?.save(value)
      SharedChangeTracker.didChange(
        self, from: before, through: share, trackers: SharedChangeTracker.active)
      let change =
        SharedObservers.isObserved
        ? SharedObservers.Change(
          storage: self, before: before, after: changed, origin: .mutation, share: share)
        : nil
      return (result, change)
    }
    if let change { SharedObservers.didChange(change) }
    return result
  }

  /// Replaces the value with one the storage gave (a file changed on disk): no save, and the
  /// observers hear that the storage made the change.
  func replace(byStorage newValue: Any) {
    let before = lock.withLock {
      let before = value
      value = newValue
      SharedChangeTracker.didChange(
        self, from: before, through: nil, trackers: SharedChangeTracker.active)
      return before
    }
    if SharedObservers.isObserved {
      SharedObservers.didChange(
        SharedObservers.Change(storage: self, before: before, after: newValue, origin: .storage)
      )
    }
  }

  /// Keeps the value in step with a key from now on.
  func attach(_ persistence: SharedPersistence) {
    lock.withLock { self.persistence = persistence }
  }
}

/// How a persisted ``SharedStorage`` saves its value and hears of changes its key makes.
final class SharedPersistence: Sendable {
  let save: @Sendable (Any) -> Void
  /// Keeps the key's subscription alive as long as the storage.
  let subscription: SharedSubscription

  init(save: @escaping @Sendable (Any) -> Void, subscription: SharedSubscription) {
    self.save = save
    self.subscription = subscription
  }
}
