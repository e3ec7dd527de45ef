import Foundation
import Synchronization

/// The storages of persisted shared values, one per key in use: every `@Shared(.key)` made
/// while another is alive reaches the same storage, so all features see one value.
///
/// It holds storages weakly: the key's own store (memory, a file, a defaults suite) keeps the
/// value when no feature holds it.
enum PersistentReferences {
  private struct Entry {
    weak var storage: SharedStorage?
  }

  /// The storages by key id, under `lock`.
  private final class Table: @unchecked Sendable {
    // `@unchecked`: `entries` is read and written only under `lock`.
    private let lock = NSLock()
    private var entries: [AnyHashable: Entry] = [:]

    func withLock<R>(_ body: (inout [AnyHashable: Entry]) -> R) -> R {
      lock.withLock { body(&entries) }
    }
  }

  private static let table = Table()

  /// The storage of `key`, made and loaded from the key when none is alive.
  static func storage<Key: SharedReaderKey>(
    for key: Key, initialValue: () -> Key.Value, save: Bool
  ) -> SharedStorage {
    let id = AnyHashable(key.id)
    if let storage = table.withLock({ $0[id]?.storage }) { return storage }
    let initial = initialValue()
    let load = LoadResult<Key.Value>()
    key.load(
      context: .initialValue(initial),
      continuation: LoadContinuation { result in load.resolve(result) }
    )
    let storage = SharedStorage(
      value: load.value ?? initial, keyDescription: SharedKeyDescription.of(key)
    )
    load.onLateValue = { [weak storage] value in storage?.replace(byStorage: value ?? initial) }
    let subscription = key.subscribe(
      context: .initialValue(initial),
      subscriber: SharedSubscriber { [weak storage] result in
        guard case let .success(value) = result else { return }
        storage?.replace(byStorage: value ?? initial)
      }
    )
    let saveValue: @Sendable (Any) -> Void =
      if save, let key = key as? any SharedKey<Key.Value> {
        { value in
          key.save(value as! Key.Value, context: .didSet, continuation: SaveContinuation { _ in })
        }
      } else {
        { _ in }
      }
    storage.attach(SharedPersistence(save: saveValue, subscription: subscription))
    return table.withLock { table in
      // Another thread may have made one meanwhile: keep the first.
      if let existing = table[id]?.storage { return existing }
      table[id] = Entry(storage: storage)
      return storage
    }
  }
}

/// The result of a load that may resume before or after the storage exists.
private final class LoadResult<Value>: @unchecked Sendable {
  // `@unchecked`: every field is read and written under `lock`.
  private let lock = NSLock()
  private var result: Value??
  private var late: ((Value?) -> Void)?

  /// The value loaded so far (`nil` when none yet or the initial value).
  var value: Value? {
    lock.withLock { result ?? nil }
  }

  /// Called with a value loaded after the storage was made.
  var onLateValue: ((Value?) -> Void)? {
    get { lock.withLock { late } }
    set { lock.withLock { late = newValue } }
  }

  func resolve(_ outcome: Result<Value?, any Error>) {
    guard case let .success(value) = outcome else { return }
    let late = lock.withLock { () -> ((Value?) -> Void)? in
      if result == nil, self.late == nil {
        result = .some(value)
        return nil
      }
      return self.late
    }
    late?(value)
  }
}

/// How a key is written in code, for descriptions and the log: `.fileStorage("…/file.json")`.
package enum SharedKeyDescription {
  package static func of(_ key: some SharedReaderKey) -> String {
    if let key = key as? any CustomStringConvertible { return key.description }
    return String(describing: key)
  }
}
