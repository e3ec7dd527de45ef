/// An `Encoder` that writes nothing: it walks a value's encoding so that the shared values in it
/// can report the coding paths they are met at (``SharedLocator``), without the cost of building
/// JSON only to drop it.
///
/// Values that cannot hold a shared value (numbers, strings, booleans, `nil`) are skipped
/// without a call; every other value is encoded into this encoder at its key.
final class CodingPathWalker: Encoder {
  var codingPath: [any CodingKey] = []
  let userInfo: [CodingUserInfoKey: Any]

  init(userInfo: [CodingUserInfoKey: Any]) {
    self.userInfo = userInfo
  }

  /// Walks `value`.
  func walk(_ value: some Encodable) throws {
    try value.encode(to: self)
  }

  /// Walks `value` at `path` followed by `key`, then puts the encoder's path back.
  fileprivate func walk(_ value: some Encodable, at path: [any CodingKey], _ key: any CodingKey)
    throws
  {
    codingPath = path
    codingPath.append(key)
    defer { codingPath = path }
    try value.encode(to: self)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(Keyed<Key>(walker: self, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    Unkeyed(walker: self, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    Single(walker: self, codingPath: codingPath)
  }
}

extension CodingPathWalker {
  /// A key of an unkeyed container, spelled as `JSONEncoder` spells it (``SharedLocator`` reads
  /// an index from it).
  struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
  }

  /// The key `super` is encoded at.
  struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let walker: CodingPathWalker
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws {}
    mutating func encode(_ value: String, forKey key: Key) throws {}
    mutating func encode(_ value: Double, forKey key: Key) throws {}
    mutating func encode(_ value: Float, forKey key: Key) throws {}
    mutating func encode(_ value: Int, forKey key: Key) throws {}
    mutating func encode(_ value: Int8, forKey key: Key) throws {}
    mutating func encode(_ value: Int16, forKey key: Key) throws {}
    mutating func encode(_ value: Int32, forKey key: Key) throws {}
    mutating func encode(_ value: Int64, forKey key: Key) throws {}
    mutating func encode(_ value: UInt, forKey key: Key) throws {}
    mutating func encode(_ value: UInt8, forKey key: Key) throws {}
    mutating func encode(_ value: UInt16, forKey key: Key) throws {}
    mutating func encode(_ value: UInt32, forKey key: Key) throws {}
    mutating func encode(_ value: UInt64, forKey key: Key) throws {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      try walker.walk(value, at: codingPath, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      KeyedEncodingContainer(Keyed<NestedKey>(walker: walker, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      Unkeyed(walker: walker, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
      walker.codingPath = codingPath + [SuperKey()]
      return walker
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      walker.codingPath = codingPath + [key]
      return walker
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let walker: CodingPathWalker
    let codingPath: [any CodingKey]
    private(set) var count = 0

    init(walker: CodingPathWalker, codingPath: [any CodingKey]) {
      self.walker = walker
      self.codingPath = codingPath
    }

    /// The key of the next element, counting it.
    private mutating func nextKey() -> IndexKey {
      defer { count += 1 }
      return IndexKey(intValue: count)
    }

    mutating func encodeNil() throws { count += 1 }
    mutating func encode(_ value: Bool) throws { count += 1 }
    mutating func encode(_ value: String) throws { count += 1 }
    mutating func encode(_ value: Double) throws { count += 1 }
    mutating func encode(_ value: Float) throws { count += 1 }
    mutating func encode(_ value: Int) throws { count += 1 }
    mutating func encode(_ value: Int8) throws { count += 1 }
    mutating func encode(_ value: Int16) throws { count += 1 }
    mutating func encode(_ value: Int32) throws { count += 1 }
    mutating func encode(_ value: Int64) throws { count += 1 }
    mutating func encode(_ value: UInt) throws { count += 1 }
    mutating func encode(_ value: UInt8) throws { count += 1 }
    mutating func encode(_ value: UInt16) throws { count += 1 }
    mutating func encode(_ value: UInt32) throws { count += 1 }
    mutating func encode(_ value: UInt64) throws { count += 1 }

    mutating func encode<T: Encodable>(_ value: T) throws {
      try walker.walk(value, at: codingPath, nextKey())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      KeyedEncodingContainer(Keyed<NestedKey>(walker: walker, codingPath: codingPath + [nextKey()]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      Unkeyed(walker: walker, codingPath: codingPath + [nextKey()])
    }

    mutating func superEncoder() -> any Encoder {
      walker.codingPath = codingPath + [nextKey()]
      return walker
    }
  }

  struct Single: SingleValueEncodingContainer {
    let walker: CodingPathWalker
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}

    mutating func encode<T: Encodable>(_ value: T) throws {
      // A single value is at the container's own path (a wrapper encoding what it wraps).
      walker.codingPath = codingPath
      try value.encode(to: walker)
    }
  }
}
