/// Where a shared value comes from: how ``SharedReader`` and ``Shared`` load it and learn that it
/// changed outside the app (a file written by another process, a defaults key set elsewhere).
///
/// Two keys with the same ``id`` reach one value: every `@Shared(.fileStorage(url))` of one
/// file in one process is the same reference.
///
/// ```swift
/// extension SharedReaderKey where Self == InMemoryKey<Int>.Default {
///   static var count: Self { Self[.inMemory("count"), default: 0] }
/// }
/// ```
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of value the key stores.
  associatedtype Value: Sendable
  /// What makes two keys reach the same value.
  associatedtype ID: Hashable = Self

  /// What makes two keys reach the same value.
  var id: ID { get }

  /// Loads the value: resumes `continuation` with it, with an error, or with the initial value
  /// when the storage holds none.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Tells `subscriber` of each change the storage makes on its own, until the subscription is
  /// cancelled.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// A key that is its own identity.
  public var id: ID { self }
}

/// Why a value is being loaded.
public enum LoadContext<Value> {
  /// A property wrapper is being created with this value as its default.
  case initialValue(Value)
  /// The app asked for the value again (``Shared/load()``).
  case userInitiated

  /// The default value of a property wrapper being created, if that is why it loads.
  public var initialValue: Value? {
    guard case let .initialValue(value) = self else { return nil }
    return value
  }
}
