import CustomDump
import IdentifiedCollections

/// A value several features hold at once: a change made through one is seen by all.
///
/// Keep it in state with `@Shared`, persisted by a key or made from a value, and change it
/// only through ``withLock(_:fileID:filePath:line:column:)``, as with swift-sharing:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Shared(.fileStorage(.documentsDirectory.appending(component: "items.json")))
///   var items: [Item] = []
/// }
///
/// state.$items.withLock { $0.append(item) }
/// ```
///
/// Derive a share of a part with dynamic member lookup (`$syncUp.meetings`) or a subscript
/// (`Shared($syncUps[id: id])`, `nil` when the element is missing). It is `Equatable`,
/// `Codable` as its value, and dumps as its value.
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value>: Sendable {
  /// How this share reaches its value.
  package let reference: any SharedReference<Value>

  package init(reference: any SharedReference<Value>) {
    self.reference = reference
    SharedReferenceCount.increment()
  }

  /// A share of a value that is not persisted: it lives as long as some state holds it.
  public init(value: Value) {
    let storage = SharedStorage(value: value, keyDescription: "value")
    self.init(reference: SharedRootReference<Value>(storage: storage))
  }

  /// Another share of the same value: `_child = Shared(projectedValue: $parentValue)`.
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// A share of the wrapped value of an optional share, or `nil` when it holds `nil`:
  /// `Shared($syncUps[id: id])`.
  public init?(_ base: Shared<Value?>) {
    guard let initial = base.wrappedValue else { return nil }
    self.init(reference: SharedUnwrappedReference(base: base.reference, initialValue: initial))
  }

  /// A share of the value a key stores, starting from `wrappedValue` when it stores none.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    let storage = PersistentReferences.storage(for: key, initialValue: wrappedValue, save: true)
    self.init(reference: SharedRootReference<Value>(storage: storage))
  }

  /// A share of the optional value a key stores, `nil` when it stores none.
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A share of the value a key with a default stores: `@Shared(.syncUps) var syncUps`.
  public init<Key: SharedKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.initialValue, key)
  }

  /// A share of the value a key with a default stores, starting from `wrappedValue` instead.
  public init<Key: SharedKey<Value>>(
    wrappedValue: @autoclosure () -> Value, _ key: _SharedKeyDefault<Key>
  ) {
    let storage = PersistentReferences.storage(
      for: key.base, initialValue: wrappedValue, save: true
    )
    self.init(reference: SharedRootReference<Value>(storage: storage))
  }

  /// The value now. Inside a test's assertion it is the value the test expects.
  public var wrappedValue: Value {
    guard let mode = SharedChangeTracker.mode else { return reference.currentValue }
    return value(on: mode.reads, of: mode.tracker)
  }

  /// The share itself: `state.$count.withLock { $0 += 1 }`.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value under its lock; the one way to change a shared value.
  ///
  /// Inside a test's assertion it changes the value the test expects instead.
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    let reference = self.reference
    if let mode = SharedChangeTracker.mode, mode.reads == .expected {
      return try mode.tracker.modifyExpected(reference.storage) { root in
        try reference.modify(inRoot: &root, operation)
      }
    }
    return try reference.storage.mutate(through: reference) { root in
      try reference.modify(inRoot: &root, operation)
    }
  }

  /// A share of a part of the value: `$syncUp.meetings`.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member>
  {
    Shared<Member>(reference: SharedKeyPathReference(base: reference, keyPath: keyPath))
  }

  /// A share of the element with `id` of an identified array, `nil` while it has none:
  /// `Shared($syncUps[id: id])`. A change made through it is logged as that element's change.
  @inlinable
  public subscript<ID: Hashable & Sendable, Element>(id id: ID) -> Shared<Element?>
  where Value == IdentifiedArray<ID, Element> {
    // Made here, in the caller's code, where the closures know the types.
    _element(
      id: id, index: { $0.index(id: id) }, read: { $0[id: id] }, write: { $0[id: id] = $1 })
  }

  /// The share ``subscript(id:)`` returns, finding, reading and writing the element with the
  /// closures.
  public func _element<ID: Hashable & Sendable, Element>(
    id: ID, index: @escaping @Sendable (Value) -> Int?,
    read: @escaping @Sendable (Value) -> Element?,
    write: @escaping @Sendable (inout Value, Element?) -> Void
  ) -> Shared<Element?> where Value == IdentifiedArray<ID, Element> {
    Shared<Element?>(
      reference: SharedIdentifiedElementReference(
        base: reference, id: id, index: index, read: read, write: write)
    )
  }

  /// A read-only share of a part of the value.
  @_disfavoredOverload
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member>
  {
    read(keyPath)
  }

  /// A read-only share of a part of the value.
  public func read<Member>(_ keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// The value of this share on `side` of `tracker`.
  package func value(on side: SharedChangeTracker.Side, of tracker: SharedChangeTracker) -> Value
  {
    guard side != .current, tracker.hasChanged(reference.storage) else {
      return reference.currentValue
    }
    return reference.value(inRoot: tracker.value(of: reference.storage, on: side))
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the two shares hold equal values. Inside a tracker's reading, a share of a
  /// tracked value compares the left side's value with the right side's.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard let mode = SharedChangeTracker.mode else {
      // One reference reads one value: a store's state after an action holds the same shares.
      if lhs.reference === rhs.reference { return true }
      return lhs.reference.currentValue == rhs.reference.currentValue
    }
    return lhs.value(on: mode.lhs, of: mode.tracker) == rhs.value(on: mode.rhs, of: mode.tracker)
  }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the value, as the state would without sharing.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let locator = encoder.userInfo[SharedLocator.userInfoKey] as? SharedLocator {
      locator.visit(
        storage: reference.storage, at: encoder.codingPath,
        isWhole: reference is SharedRootReference<Value>, isReadOnly: false,
        value: { side, tracker in value(on: side, of: tracker) },
        part: reference,
        replace: { data in
          let value = try SharedJSON.decode(Value.self, from: data)
          withLock { $0 = value }
        }
      )
      try container.encodeNil()
      return
    }
    try container.encode(wrappedValue)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// A share of a decoded value, not persisted (`Shared(value:)`); one value with the other
  /// places a replay's decoding says held it (``SharedLinker``).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Value.self)
    if let linker = decoder.userInfo[SharedLinker.userInfoKey] as? SharedLinker {
      self.init(reference: linker.reference(at: decoder.codingPath, value: value))
    } else {
      self.init(value: value)
    }
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The value's id.
  public var id: Value.ID { wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  public var description: String { "Shared<\(Value.self)>(\(reference.pathDescription))" }
}

extension Shared: CustomDumpRepresentable {
  /// Dumps as the value, as swift-sharing's `Shared` does.
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: _CustomDiffObject {
  /// The values a diff compares: inside a tracker's reading, the left and right sides';
  /// otherwise the value now on both.
  public var _customDiffValues: (Any, Any) {
    guard let mode = SharedChangeTracker.mode else {
      let value = reference.currentValue
      return (value, value)
    }
    return (value(on: mode.lhs, of: mode.tracker), value(on: mode.rhs, of: mode.tracker))
  }

  public var _objectIdentifier: ObjectIdentifier { reference.diffIdentity }
}
