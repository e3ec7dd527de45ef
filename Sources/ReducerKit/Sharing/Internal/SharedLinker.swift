import Foundation

/// Makes the places a decoding meets one shared value again, when a recording said they held
/// one: a replay decodes a state in which each place would otherwise get a value of its own
/// (`Shared(value:)`), and a change made through one would not reach the others.
///
/// Pass it in the decoder's `userInfo` under ``userInfoKey``; each ``Shared`` decoded asks it
/// for its storage by its coding path.
package final class SharedLinker: @unchecked Sendable {
  // `@unchecked`: used by one decoding on one thread.
  static let userInfoKey = CodingUserInfoKey(rawValue: "ReducerKit.SharedLinker")!

  /// The group of each linked place, by its JSON path.
  private let groups: [[String]: Int]
  private var storages: [Int: SharedStorage] = [:]

  /// A linker of `groups`: each a list of JSON paths (one token per key or index) that held
  /// one value.
  package init(groups: [[[String]]]) {
    var byPath: [[String]: Int] = [:]
    for (index, group) in groups.enumerated() {
      for path in group { byPath[path] = index }
    }
    self.groups = byPath
  }

  /// The `userInfo` a decoder passes it in.
  package var userInfo: [CodingUserInfoKey: Any] { [Self.userInfoKey: self] }

  /// The storage of the place at `codingPath`: its group's, made from the first place decoded,
  /// or a storage of its own.
  func storage(at codingPath: [any CodingKey], value: Any) -> SharedStorage {
    guard let group = groups[codingPath.map(SharedLocator.token)] else {
      return SharedStorage(value: value, keyDescription: "value")
    }
    if let storage = storages[group] { return storage }
    let storage = SharedStorage(value: value, keyDescription: "value")
    storages[group] = storage
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
