import Dependencies
import Synchronization

extension SharedReaderKey {
  /// A value kept in memory under `key` for as long as the process runs (or the test, whose
  /// ``InMemoryStorage`` is its own): `@Shared(.inMemory("count")) var count = 0`.
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// A ``SharedKey`` that keeps its value in memory, in the ``InMemoryStorage`` of the
/// `defaultInMemoryStorage` dependency.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: InMemoryStorage

  /// A key named `key` in the current `defaultInMemoryStorage`.
  public init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var store
    self.key = key
    self.store = store
  }

  /// The name and the storage: the same name in two tests' storages is two values.
  public var id: InMemoryKeyID {
    InMemoryKeyID(key: key, store: ObjectIdentifier(store))
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    if let value = store[key] as? Value {
      continuation.resume(returning: value)
    } else {
      if let initial = context.initialValue { store[key] = initial }
      continuation.resumeReturningInitialValue()
    }
  }

  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    store[key] = value
    continuation.resume()
  }
}

extension InMemoryKey: CustomStringConvertible {
  public var description: String { ".inMemory(\(String(reflecting: key)))" }
}

/// The identity of an ``InMemoryKey``: its name in one storage.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// The values of ``InMemoryKey``s, by name.
public final class InMemoryStorage: Sendable {
  private let values = Mutex<[String: any Sendable]>([:])

  /// An empty storage.
  public init() {}

  subscript(key: String) -> (any Sendable)? {
    get { values.withLock { $0[key] } }
    set { values.withLock { $0[key] = newValue } }
  }
}

private enum InMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// Where ``InMemoryKey`` values live: one per process, a new one for each test.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[InMemoryStorageKey.self] }
    set { self[InMemoryStorageKey.self] = newValue }
  }
}
