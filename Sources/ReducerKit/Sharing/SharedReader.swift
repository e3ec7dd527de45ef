/// A read-only share of a value: `@SharedReader(.appStorage("isOn")) var isOn = false`.
///
/// It sees every change made through a ``Shared`` of the same value or by its storage.
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value>: Sendable {
  private let read: @Sendable (SharedChangeTracker.Side?, SharedChangeTracker?) -> Value
  /// The storage the value lives in.
  package let storage: SharedStorage
  /// Whether it reads the storage's whole value, not a part of it.
  private let isWhole: Bool

  /// A read-only view of a share.
  public init(_ shared: Shared<Value>) {
    self.storage = shared.reference.storage
    self.isWhole = shared.reference is SharedRootReference<Value>
    self.read = { side, tracker in
      guard let side, let tracker else { return shared.reference.currentValue }
      return shared.value(on: side, of: tracker)
    }
  }

  /// A constant value, not shared with anything.
  public static func constant(_ value: Value) -> Self {
    Self(Shared(value: value))
  }

  /// Another view of the same value.
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// A read-only share of the value a key stores, starting from `wrappedValue`.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    let storage = PersistentReferences.storage(for: key, initialValue: wrappedValue, save: false)
    self.init(Shared(reference: SharedRootReference<Value>(storage: storage)))
  }

  /// A read-only share of the optional value a key stores, `nil` when it stores none.
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// A read-only share of the value a key with a default stores.
  public init<Key: SharedReaderKey<Value>>(_ key: _SharedKeyDefault<Key>) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  private init(
    storage: SharedStorage,
    read: @escaping @Sendable (SharedChangeTracker.Side?, SharedChangeTracker?) -> Value
  ) {
    self.storage = storage
    self.isWhole = false
    self.read = read
  }

  /// The value now.
  public var wrappedValue: Value {
    let mode = SharedChangeTracker.mode
    return read(mode?.reads, mode?.tracker)
  }

  /// The reader itself.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// A read-only share of a part of the value.
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    let read = self.read
    let path = UncheckedSendable(keyPath)
    return SharedReader<Member>(storage: storage) { side, tracker in
      read(side, tracker)[keyPath: path.value]
    }
  }

  /// The value on `side` of `tracker`.
  func value(on side: SharedChangeTracker.Side, of tracker: SharedChangeTracker) -> Value {
    read(side, tracker)
  }
}

extension SharedReader: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard let mode = SharedChangeTracker.mode else { return lhs.wrappedValue == rhs.wrappedValue }
    return lhs.value(on: mode.lhs, of: mode.tracker) == rhs.value(on: mode.rhs, of: mode.tracker)
  }
}

extension SharedReader: Encodable where Value: Encodable {
  /// Encodes the value, as the state would without sharing.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let locator = encoder.userInfo[SharedLocator.userInfoKey] as? SharedLocator {
      locator.visit(
        storage: storage, at: encoder.codingPath, isWhole: isWhole, isReadOnly: true,
        value: { side, tracker in value(on: side, of: tracker) },
        replace: { _ in throw SharedJSON.ReadOnly() }
      )
      try container.encodeNil()
      return
    }
    try container.encode(wrappedValue)
  }
}

extension SharedReader: Decodable where Value: Decodable {
  /// A reader of a decoded constant value; one value with the other places a replay's decoding
  /// says held it (``SharedLinker``), so it sees the changes made through them.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Value.self)
    if let linker = decoder.userInfo[SharedLinker.userInfoKey] as? SharedLinker {
      self.init(Shared(reference: linker.reference(at: decoder.codingPath, value: value)))
    } else {
      self = .constant(value)
    }
  }
}

extension SharedReader: CustomDumpRepresentable {
  public var customDumpValue: Any { wrappedValue }
}
