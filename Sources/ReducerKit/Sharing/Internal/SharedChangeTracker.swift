import Synchronization
import Foundation

/// Keeps the value each shared storage had before it first changed while the tracker was
/// active, so that the recorder can log what an action changed in shared state, and
/// `TestStore` can assert it: every state holds the same reference, so the state before an
/// action no longer shows the old value.
///
/// A tracker is active for the code inside ``track(_:)`` and the tasks that code starts.
/// Inside ``reading(_:lhs:rhs:_:)``, reads of a tracked shared value, its `==` and its
/// custom-dump diff see the values of the sides named (before the change, as a test expects it,
/// or now) instead of the value now.
package final class SharedChangeTracker: @unchecked Sendable {
  // `@unchecked`: `changes` and `order` are read and written only under `lock`.

  /// Which value of a tracked storage a read sees.
  package enum Side: Sendable {
    /// The value now.
    case current
    /// The value before the tracker first saw it change.
    case before
    /// The value a test expects: `before` as changed by `withLock` inside an assertion.
    case expected
  }

  private struct Change {
    let storage: SharedStorage
    var before: Any
    var expected: Any?
    /// Whether the value was changed while tracked (`withLock`, even to an equal value), not
    /// only by an assertion.
    var wasChanged = true
    /// The share every change was made through, once one is made; `.some(nil)` when they were
    /// made through several, or with no share.
    var share: (any SharedPartLocating)??
  }

  private let lock = NSLock()
  private var changes: [ObjectIdentifier: Change] = [:]
  private var order: [ObjectIdentifier] = []
  /// Who tracks with it (a recording session), so that a change can tell whether it was made
  /// inside that owner's tracking (``isTracking(for:)``).
  private let owner: ObjectIdentifier?

  /// A tracker of `owner`, if given.
  package init(owner: AnyObject? = nil) {
    self.owner = owner.map(ObjectIdentifier.init)
  }

  /// A tracker that saw one change of `storage`: from `before` to `after`, read as its
  /// ``Side/before`` and ``Side/expected`` values (the value now may have changed since).
  package init(
    _ storage: SharedStorage, changedFrom before: Any, to after: Any,
    through share: (any SharedPartLocating)? = nil
  ) {
    self.owner = nil
    changes[storage.id] = Change(storage: storage, before: before, expected: after, share: share)
    order = [storage.id]
  }

  /// Whether code running here runs inside ``track(_:)`` of a tracker of `owner`.
  package static func isTracking(for owner: AnyObject) -> Bool {
    let id = ObjectIdentifier(owner)
    return active.contains { $0.owner == id }
  }

  /// The trackers active in this task.
  @TaskLocal static var active: [SharedChangeTracker] = []
  /// The reading mode in effect, if any.
  @TaskLocal static var mode: ReadingMode?

  /// Runs `body` with this tracker active, in addition to those already active.
  package func track<R>(_ body: () throws -> R) rethrows -> R {
    try Self.$active.withValue(Self.active + [self], operation: body)
  }

  /// Runs `body` reading tracked values from `reads`, comparing `lhs == rhs` with the left
  /// side's values on the left and the right side's on the right.
  package func reading<R>(
    _ reads: Side, lhs: Side = .expected, rhs: Side = .current, _ body: () throws -> R
  ) rethrows -> R {
    try Self.$mode.withValue(ReadingMode(tracker: self, reads: reads, lhs: lhs, rhs: rhs)) {
      try body()
    }
  }

  /// Whether some shared value changed while the tracker was active.
  package var hasChanges: Bool { lock.withLock { !order.isEmpty } }

  /// The storages that changed, in the order of their first change.
  package var changedStorages: [SharedStorage] {
    lock.withLock { order.compactMap { changes[$0]?.storage } }
  }

  /// Whether `storage` changed while the tracker was active.
  package func hasChanged(_ storage: SharedStorage) -> Bool {
    lock.withLock { changes[storage.id] != nil }
  }

  /// What the tracker saw of `storage`, or `nil` when it did not change: its whole value before
  /// the change and on side `now`, and the share every change was made through
  /// (`$list[id: id]`), whose part of the value holds them all, when there was one.
  package func change(
    of storage: SharedStorage, now: Side
  ) -> (before: Any, now: Any, share: (any SharedPartLocating)?)? {
    guard let change = lock.withLock({ changes[storage.id] }) else { return nil }
    return (change.before, Self.value(of: storage, on: now, change: change), change.share ?? nil)
  }

  /// The whole value of `storage` on `side`; the value now when it did not change.
  package func value(of storage: SharedStorage, on side: Side) -> Any {
    Self.value(of: storage, on: side, change: lock.withLock { changes[storage.id] })
  }

  /// The whole value of `storage` on `side`, given what the tracker noted of it.
  private static func value(of storage: SharedStorage, on side: Side, change: Change?) -> Any {
    switch (side, change) {
    case (.current, _), (_, nil):
      return storage.currentValue
    case let (.before, change?):
      return change.before
    case let (.expected, change?):
      return change.expected ?? change.before
    }
  }

  /// Forgets every change: the values now are those the next changes start from.
  package func reset() {
    lock.withLock {
      changes = [:]
      order = []
    }
  }

  /// Forgets the change of `storage` alone.
  package func reset(_ storage: SharedStorage) {
    lock.withLock {
      guard changes.removeValue(forKey: storage.id) != nil else { return }
      order.removeAll { $0 == storage.id }
    }
  }

  /// Changes the expected value of `storage` (a `withLock` inside an assertion).
  func modifyExpected<R>(_ storage: SharedStorage, _ body: (inout Any) throws -> R) rethrows -> R {
    var value = value(of: storage, on: .expected)
    let result = try body(&value)
    lock.withLock {
      if changes[storage.id] == nil {
        changes[storage.id] = Change(
          storage: storage, before: storage.currentValue, wasChanged: false)
        order.append(storage.id)
      }
      changes[storage.id]?.expected = value
    }
    return result
  }

  /// Whether an assertion's `withLock` set the expected value of a storage that was changed
  /// while tracked: asserting a `withLock` that left the value equal is not an unneeded
  /// assertion, as in TCA.
  package var assertsATrackedChange: Bool {
    lock.withLock { changes.values.contains { $0.wasChanged && $0.expected != nil } }
  }

  /// Notes a change of `storage` made through `share` (`nil`: with no share, as the storage
  /// makes one), for each of `trackers` (those active where it was made): `value` is the value
  /// before it, kept when it is the first.
  static func didChange(
    _ storage: SharedStorage, from value: Any, through share: (any SharedPartLocating)?,
    trackers: [SharedChangeTracker]
  ) {
    for tracker in trackers { tracker.record(storage, before: value, through: share) }
  }

  private func record(
    _ storage: SharedStorage, before value: Any, through share: (any SharedPartLocating)?
  ) {
    lock.withLock {
      guard let noted = changes[storage.id] else {
        changes[storage.id] = Change(storage: storage, before: value, share: .some(share))
        order.append(storage.id)
        return
      }
      // Changes made through two shares, or one made with none: the whole value.
      if let first = noted.share ?? nil, let share, first === share { return }
      changes[storage.id]?.share = .some(nil)
    }
  }

  /// How reads of tracked values behave inside ``reading(_:lhs:rhs:_:)``.
  struct ReadingMode: Sendable {
    let tracker: SharedChangeTracker
    let reads: Side
    let lhs: Side
    let rhs: Side
  }
}

/// Hears of every change of a shared value, wherever it is made: the hook a store uses to see
/// its shared state change outside its reducer.
package enum SharedObservers {
  /// Who made a change.
  package enum Origin: Sendable {
    /// `withLock`, in a reducer or an effect.
    case mutation
    /// The storage itself: a file written by another process, a defaults key set elsewhere.
    case storage
  }

  /// One change of a shared value.
  package struct Change {
    /// The storage whose value changed.
    package let storage: SharedStorage
    /// Its whole value before the change, and right after it.
    package let before: Any
    package let after: Any
    package let origin: Origin
    /// The share the change was made through; `nil` when made with none (the storage).
    package var share: (any SharedPartLocating)?
  }

  /// A change observer, called on the thread that made the change, after it.
  package typealias Observer = @Sendable (Change) -> Void

  /// The observers and their tokens, in the order they were added: an array replaced whole,
  /// so a change takes it with no copy.
  private static let observers = Mutex<[(token: Int, observer: Observer)]>([])
  private static let count = Atomic<Int>(0)
  private static let nextToken = Atomic<Int>(0)

  /// Calls `observer` after each change of any shared value, until `remove` of the token.
  package static func add(_ observer: @escaping Observer) -> Int {
    let token = nextToken.add(1, ordering: .relaxed).newValue
    observers.withLock { $0.append((token, observer)) }
    count.add(1, ordering: .relaxed)
    return token
  }

  /// Stops the observer of `token`.
  package static func remove(_ token: Int) {
    let removed = observers.withLock { observers in
      guard let index = observers.firstIndex(where: { $0.token == token }) else { return false }
      observers.remove(at: index)
      return true
    }
    if removed { count.subtract(1, ordering: .relaxed) }
  }

  /// Whether any observer listens: a change is described only then.
  static var isObserved: Bool { count.load(ordering: .relaxed) > 0 }

  static func didChange(_ change: Change) {
    let current = observers.withLock { $0 }
    for entry in current { entry.observer(change) }
  }
}
