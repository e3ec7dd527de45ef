import Foundation

extension JSONValue {
  /// This value decoded as `T`, as `JSONDecoder` (default strategies) decodes its JSON text,
  /// without writing that text and scanning it again.
  ///
  /// Values are read straight from the tree; a value `JSONDecoder` treats specially (`Data`,
  /// `URL`, `Decimal`, `Float`, an integer not written as plain digits) is decoded by
  /// `JSONDecoder` alone, and anything else it must settle (a missing key asked for `nil`, super
  /// decoders, every failure) sends the whole text to it, so errors are always `JSONDecoder`'s,
  /// except for an `IndexSet` range `IndexSet` would trap on, refused first (``IndexSetBounds``).
  ///
  /// One result is truer than `JSONDecoder`'s: a member present as `null` and read with
  /// `decodeIfPresent` as an optional (an `Int??` property) is `.some(nil)`, the value synthesized
  /// `Codable` wrote that `null` from, where `JSONDecoder` reads `nil` and loses it.
  public func decoded<T: Decodable>(as type: T.Type = T.self) throws -> T {
    try decoded(as: type, userInfo: [:])
  }

  /// ``decoded(as:)`` with `userInfo` for the types decoded (a replay's `SharedLinker`).
  package func decoded<T: Decodable>(
    as type: T.Type, userInfo: [CodingUserInfoKey: Any]
  ) throws -> T {
    if let value = decodedFromTree(as: T.self, userInfo: userInfo) { return value }
    return try decodedByFoundation(as: type, userInfo: userInfo)
  }

  /// ``decoded(as:)`` of a state that follows the one `subtrees` last decoded by the patches
  /// it was told of: the subtrees no patch touched are taken as they were decoded, not decoded
  /// again, and what is decoded now is kept for the next state.
  package func decoded<T: Decodable>(as type: T.Type, reusing subtrees: DecodedSubtrees) throws
    -> T
  {
    if let value = decodedFromTree(as: T.self, node: subtrees.root) { return value }
    return try decodedByFoundation(as: type, userInfo: [:])
  }

  /// This value's text decoded by `JSONDecoder`, once the tree decoder left it to it.
  private func decodedByFoundation<T: Decodable>(
    as type: T.Type, userInfo: [CodingUserInfoKey: Any]
  ) throws -> T {
    try IndexSetBounds.check(self)
    let decoder = JSONDecoder()
    decoder.userInfo = userInfo
    return try decoder.decode(T.self, from: serializedData())
  }

  /// This value decoded as `T` from the tree alone; `nil` when `JSONDecoder` must decide.
  package func decodedFromTree<T: Decodable>(
    as type: T.Type, userInfo: [CodingUserInfoKey: Any] = [:]
  ) -> T? {
    decodedFromTree(as: type, userInfo: userInfo, node: nil)
  }

  private func decodedFromTree<T: Decodable>(
    as type: T.Type, userInfo: [CodingUserInfoKey: Any] = [:], node: DecodedSubtrees.Node?
  ) -> T? {
    let context = JSONTreeDecoder.Context()
    context.userInfo = userInfo
    guard let value = try? JSONTreeDecoder(self, context: context, node: node).decode(T.self),
      !context.needsFoundation
    else { return nil }
    return value
  }
}

/// A `Decoder` over a ``JSONValue``; see ``JSONValue/decoded(as:)``.
private final class JSONTreeDecoder: Decoder {
  /// What every decoder of one `decoded(as:)` call shares.
  final class Context {
    /// Set when a value met something `JSONDecoder` decodes in its own way: the caller then
    /// decodes with `JSONDecoder`, even if a `try?` in a type's `init(from:)` swallowed the
    /// error.
    var needsFoundation = false
    /// The `userInfo` of every decoder of the call.
    var userInfo: [CodingUserInfoKey: Any] = [:]
    /// How many values with an identity (``DecodedSubtrees/hasIdentity(_:)``) were decoded,
    /// and coding paths read: a value whose decoding met one is not kept.
    var unkeepable = 0
  }

  /// Thrown where `JSONDecoder` would decide; the caller then asks it.
  struct NeedsFoundation: Error {}

  let value: JSONValue
  let context: Context
  /// Where this value's decoding is kept for the next state, when the caller keeps them.
  let node: DecodedSubtrees.Node?
  private let parent: JSONTreeDecoder?
  private let key: (any CodingKey)?

  init(
    _ value: JSONValue, context: Context, node: DecodedSubtrees.Node?,
    parent: JSONTreeDecoder? = nil, key: (any CodingKey)? = nil
  ) {
    self.value = value
    self.context = context
    self.node = node
    self.parent = parent
    self.key = key
  }

  /// The path, read by the type being decoded: what it decodes then may depend on where it is,
  /// so it is not kept (``DecodedSubtrees``).
  var codingPath: [any CodingKey] {
    context.unkeepable += 1
    return pathForErrors
  }

  /// The path, for the errors thrown here.
  var pathForErrors: [any CodingKey] {
    var path: [any CodingKey] = []
    var node: JSONTreeDecoder? = self
    while let current = node, let key = current.key {
      path.append(key)
      node = current.parent
    }
    return path.reversed()
  }

  var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

  /// Gives up on this tree: `JSONDecoder` decides.
  func needsFoundation() -> NeedsFoundation {
    context.needsFoundation = true
    return NeedsFoundation()
  }

  /// The error for `found`, read where a `type` was expected: `null` is a missing value, as
  /// `JSONDecoder` reports it, anything else a type mismatch.
  func mismatch(_ type: Any.Type, found: JSONValue? = nil) -> DecodingError {
    let found = found ?? value
    let context = DecodingError.Context(
      codingPath: pathForErrors,
      debugDescription: "Expected \(type) but found \(found.kindDescription) instead.")
    return found.isNull ? .valueNotFound(type, context) : .typeMismatch(type, context)
  }

  /// `value` decoded as `T`: the types `JSONDecoder` special-cases go back to it, and an
  /// `IndexSet` range that would trap is refused (by `decoded(as:)`, with its place).
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == Data.self || T.self == URL.self || T.self == Decimal.self {
      return try decodedByFoundation(T.self)
    }
    if T.self == IndexSet.self, (try? IndexSetBounds.check(value)) == nil {
      throw needsFoundation()
    }
    guard let node else { return try T(from: self) }
    if let kept = node.value(as: T.self) { return kept }
    if let edited = editedCollection(as: T.self, node: node) {
      node.keep(edited)
      return edited
    }
    let unkeepable = context.unkeepable
    let decoded = try T(from: self)
    if DecodedSubtrees.hasIdentity(decoded) {
      context.unkeepable += 1
    } else if unkeepable == context.unkeepable, !context.needsFoundation {
      // Kept unless it holds an object or read a coding path, or was decoded after a
      // swallowed `NeedsFoundation` (then it may not be `JSONDecoder`'s).
      node.keep(decoded)
    }
    return decoded
  }

  /// The collection kept at `node` with the one change of its elements applied: the changed
  /// element decoded, the others kept. `nil` when there is none, or when the edited collection
  /// is not certainly what decoding all of `value` gives (then that decoding decides).
  private func editedCollection<T>(as type: T.Type, node: DecodedSubtrees.Node) -> T? {
    guard let (kept, edit) = node.editedValue(as: T.self),
      let editable = T.self as? any EditableDecodedCollection.Type,
      case .array(let elements) = value
    else { return nil }
    func edited<C: EditableDecodedCollection>(_: C.Type) -> T? {
      let unkeepable = context.unkeepable
      guard let collection = kept as? C,
        let edited = try? collection.applying(edit, element: { index in
          try child(elements, index: index).decode(C.EditedElement.self)
        }),
        edited.count == elements.count, unkeepable == context.unkeepable,
        !context.needsFoundation
      else { return nil }
      return edited as? T
    }
    return edited(editable)
  }

  /// `value` alone decoded by `JSONDecoder`, for a leaf it reads in its own way; if it fails,
  /// the whole text goes to `JSONDecoder`, for its error with its coding path.
  func decodedByFoundation<T: Decodable>(_ type: T.Type, from value: JSONValue? = nil) throws
    -> T
  {
    let text = (value ?? self.value).serializedData()
    guard let decoded = try? JSONDecoder().decode(T.self, from: text)
    else { throw needsFoundation() }
    return decoded
  }

  /// The decoder of member `key` of this object, `member`.
  func child(_ member: JSONValue, key: any CodingKey) -> JSONTreeDecoder {
    JSONTreeDecoder(
      member, context: context, node: node?.member(key.stringValue), parent: self, key: key)
  }

  /// The decoder of element `index` of this array, `elements`.
  func child(_ elements: [JSONValue], index: Int) -> JSONTreeDecoder {
    JSONTreeDecoder(
      elements[index], context: context, node: node?.element(index, of: elements.count),
      parent: self, key: IndexKey(index))
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch([String: Any].self) }
    return KeyedDecodingContainer(KeyedContainer(decoder: self, members: members))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([Any].self) }
    return UnkeyedContainer(decoder: self, elements: elements)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(decoder: self)
  }

  // MARK: Scalars

  func decodeBool(_ value: JSONValue) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch(Bool.self, found: value) }
    return bool
  }

  func decodeString(_ value: JSONValue) throws -> String {
    guard case .string(let string) = value else { throw mismatch(String.self, found: value) }
    return string
  }

  func decodeDouble(_ value: JSONValue) throws -> Double {
    guard case .number(let text) = value else { throw mismatch(Double.self, found: value) }
    guard let double = Double(text), double.isFinite else {
      return try decodedByFoundation(Double.self, from: value)
    }
    return double
  }

  /// An integer written as plain digits; any other spelling is `JSONDecoder`'s to judge.
  func decodeInteger<T: FixedWidthInteger & Decodable>(
    _ value: JSONValue, as type: T.Type
  ) throws -> T {
    guard case .number(let text) = value else { throw mismatch(T.self, found: value) }
    guard text != "-0", let integer = T(text) else {
      return try decodedByFoundation(T.self, from: value)
    }
    return integer
  }
}

/// The members of a JSON object, by key.
private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: JSONTreeDecoder
  let members: [String: JSONValue]

  var codingPath: [any CodingKey] { decoder.codingPath }
  var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func member(_ key: Key) throws -> JSONValue {
    guard let member = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: decoder.pathForErrors,
          debugDescription: "No value for key \(key.stringValue)"))
    }
    return member
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let member = members[key.stringValue] else { throw decoder.needsFoundation() }
    return member.isNull
  }

  /// A member present as `null`, asked for as an optional, is `.some(nil)`: synthesized
  /// `Codable` writes an `Int??` holding `.some(nil)` so (and leaves `nil` out).
  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard let member = members[key.stringValue] else { return nil }
    if member.isNull {
      guard let optional = T.self as? any NilLiteralDecodable.Type else { return nil }
      return .some(optional.decodedNil as! T)
    }
    return try decode(T.self, forKey: key)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.decodeBool(member(key))
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.decodeString(member(key))
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.decodeDouble(member(key))
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decoder.decodeInteger(member(key), as: type)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.child(member(key), key: key).decode(T.self)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try decoder.child(member(key), key: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder.child(member(key), key: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { throw decoder.needsFoundation() }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.needsFoundation() }
}

/// The elements of a JSON array, in order.
private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: JSONTreeDecoder
  let elements: [JSONValue]
  var currentIndex = 0

  init(decoder: JSONTreeDecoder, elements: [JSONValue]) {
    self.decoder = decoder
    self.elements = elements
  }

  var codingPath: [any CodingKey] { decoder.codingPath }
  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The error for reading a `type` past the last element, as `JSONDecoder` reports it.
  private func atEnd(_ type: Any.Type) -> DecodingError {
    .valueNotFound(
      type,
      .init(codingPath: decoder.pathForErrors, debugDescription: "Unkeyed container is at end."))
  }

  /// The next element, and the decoder to read it with.
  private mutating func next<T>(_ type: T.Type) throws -> JSONTreeDecoder {
    guard !isAtEnd else { throw atEnd(type) }
    defer { currentIndex += 1 }
    return decoder.child(elements, index: currentIndex)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else { throw atEnd(Any?.self) }
    guard elements[currentIndex].isNull else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let element = try next(type)
    return try element.decodeBool(element.value)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    let element = try next(type)
    return try element.decodeString(element.value)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let element = try next(type)
    return try element.decodeDouble(element.value)
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    let element = try next(type)
    return try element.decodeInteger(element.value, as: type)
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try next(type).decode(T.self)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next([String: Any].self).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder { throw decoder.needsFoundation() }
}

/// The one value of a JSON value that is not a container of its own.
private struct SingleValueContainer: SingleValueDecodingContainer {
  let decoder: JSONTreeDecoder

  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.value.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool(decoder.value) }
  func decode(_ type: String.Type) throws -> String { try decoder.decodeString(decoder.value) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble(decoder.value) }
  func decode(_ type: Float.Type) throws -> Float { try decoder.decodedByFoundation(type) }
  func decode(_ type: Int.Type) throws -> Int { try integer() }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
  func decode(_ type: Int128.Type) throws -> Int128 { try decoder.decodedByFoundation(type) }
  func decode(_ type: UInt128.Type) throws -> UInt128 { try decoder.decodedByFoundation(type) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(T.self) }

  private func integer<T: FixedWidthInteger & Decodable>() throws -> T {
    try decoder.decodeInteger(decoder.value, as: T.self)
  }
}

/// The position of an array element in a coding path, as `JSONDecoder` names it.
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue!)" }

  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

/// An `Optional`, seen from a generic `T`: lets ``KeyedContainer`` make its `.none`.
private protocol NilLiteralDecodable {
  static var decodedNil: Self { get }
}

extension Optional: NilLiteralDecodable {
  static var decodedNil: Self { nil }
}
