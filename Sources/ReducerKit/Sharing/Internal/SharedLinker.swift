import Foundation

/// Makes the places a decoding meets one shared value again, when a recording said they held
/// one: a decoded state would otherwise give each place a value of its own (`Shared(value:)`),
/// and a change made through one would not reach the others.
///
/// A replay links the groups of places the initial state held one value in
/// (``init(groups:)``). A walk through a session's states (``init()``) links every place the
/// log numbered, across the states it decodes: one object per shared value, as live, so that
/// a custom-dump diff of two decoded states shows a shared value's change inside it, and each
/// decoding's changes to the values decoded before are in ``changes``, as a reducer's are in
/// the tracker `_printChanges()` reads.
///
/// A comparison of two states (``init(placeByPlace:)``) gives each place one object in both.
///
/// Pass it in the decoder's `userInfo` under ``userInfoKey``; each ``Shared`` and
/// ``SharedReader`` decoded asks it for its reference by its coding path.
package final class SharedLinker: @unchecked Sendable {
  // `@unchecked`: used by one decoding at a time, on one thread.
  static let userInfoKey = CodingUserInfoKey(rawValue: "ReducerKit.SharedLinker")!

  /// What a place of a state holds, as the recording saw it.
  package struct Place: Hashable, Sendable {
    /// The number the log gives the shared value, the same at every place holding it.
    package var share: Int
    /// Whether the place holds the whole value, not a part derived from it
    /// (`Shared($rows[id: 2])`).
    package var isWhole: Bool

    package init(share: Int, isWhole: Bool) {
      self.share = share
      self.isWhole = isWhole
    }
  }

  private struct PartKey: Hashable {
    let share: Int
    let path: [String]
  }

  /// The group of each linked place, by its JSON path (a replay's).
  private let groups: [[String]: Int]
  private var groupStorages: [Int: SharedStorage] = [:]
  /// The places of the state being decoded (a walk's).
  private var places: [[String]: Place] = [:]
  private var shareStorages: [Int: SharedStorage] = [:]
  private var partStorages: [PartKey: SharedStorage] = [:]
  /// The object of each place by its JSON path, when every place is its own value (a
  /// comparison's).
  private var pathStorages: [[String]: SharedStorage]?

  /// The values each decoding of a walk changed, from their values in the states decoded
  /// before it: reset it between the states whose diff it is to show.
  package let changes = SharedChangeTracker()

  /// A linker of `groups`: each a list of JSON paths (one token per key or index) that held
  /// one value.
  package init(groups: [[[String]]]) {
    var byPath: [[String]: Int] = [:]
    for (index, group) in groups.enumerated() {
      for path in group { byPath[path] = index }
    }
    self.groups = byPath
  }

  /// A linker for a walk through states: ``decode(with:_:)`` says where each holds what.
  package init() {
    self.groups = [:]
  }

  /// A linker for a comparison of two states of one type, where each place is a value of its
  /// own, one object in both: the second decoding's values are ``changes`` of the first's, so
  /// a diff read through them compares each place's values, however either state shared them.
  package init(placeByPlace: Void) {
    self.groups = [:]
    pathStorages = [:]
  }

  /// Whether a decoding met a shared value (in a comparison).
  package var metSharedValues: Bool { pathStorages?.isEmpty == false }

  /// The `userInfo` a decoder passes it in.
  package var userInfo: [CodingUserInfoKey: Any] { [Self.userInfoKey: self] }

  /// Runs `decode`, a decoding of a state whose places hold what `places` says: a place of a
  /// shared value decoded before gets its object, set to the value decoded now, a change
  /// ``changes`` notes.
  package func decode<T>(with places: [[String]: Place], _ decode: () throws -> T) rethrows -> T {
    self.places = places
    return try changes.track(decode)
  }

  /// The reference of the place at `codingPath`, which holds `value`.
  func reference<Value>(at codingPath: [any CodingKey], value: Value) -> any SharedReference<Value>
  {
    let path = codingPath.map(SharedLocator.token)
    if pathStorages != nil {
      return SharedRootReference(
        storage: Self.storage(&pathStorages![path], holding: value, set: true))
    }
    if let group = groups[path] {
      if let storage = groupStorages[group] { return SharedRootReference(storage: storage) }
      let storage = SharedStorage(value: value, keyDescription: "value")
      groupStorages[group] = storage
      return SharedRootReference(storage: storage)
    }
    guard let place = places[path] else {
      return SharedRootReference(storage: SharedStorage(value: value, keyDescription: "value"))
    }
    let shared = Self.storage(&shareStorages[place.share], holding: value, set: place.isWhole)
    if place.isWhole { return SharedRootReference(storage: shared) }
    let part = Self.storage(
      &partStorages[PartKey(share: place.share, path: path)], holding: value, set: true)
    return SharedLoggedPartReference(storage: part, identity: shared)
  }

  /// The storage in `slot`, made to hold `value` when there is none; else, when `set`, set to
  /// `value`.
  private static func storage(_ slot: inout SharedStorage?, holding value: Any, set: Bool)
    -> SharedStorage
  {
    guard let storage = slot else {
      let storage = SharedStorage(value: value, keyDescription: "value")
      slot = storage
      return storage
    }
    if set { storage.mutate { $0 = value } }
    return storage
  }
}

/// Decodes a shared value from JSON, for a replay that sets it through a share whose `Value`
/// is known only to be `Encodable`.
enum SharedJSON {
  struct NotDecodable: Error, CustomStringConvertible {
    let type: Any.Type
    var description: String { "\(type) is not Decodable" }
  }

  struct ReadOnly: Error, CustomStringConvertible {
    var description: String { "a @SharedReader cannot change its value" }
  }

  static func decode<Value>(_ type: Value.Type, from data: Data) throws -> Value {
    guard let decodable = Value.self as? any Decodable.Type else { throw NotDecodable(type: type) }
    return try decodeValue(decodable, from: data) as! Value
  }

  private static func decodeValue<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try JSONDecoder().decode(T.self, from: data)
  }
}
