import Foundation

/// Finds where in a value shared values are held, as JSON paths.
///
/// The value's encoding is walked (``CodingPathWalker``, which writes nothing) and each
/// ``Shared`` it meets reports its coding path: the path of its JSON in the value's JSON,
/// whatever coding keys, enums and collections lie between. A shared value held in three
/// places is found three times.
package final class SharedLocator: @unchecked Sendable {
  // `@unchecked`: used by one encoding on one thread, then read.
  /// A place the value holds a shared value, whatever changed: what replay needs to hold one
  /// value in several places again, and to change it as the storage did.
  package struct Holding {
    /// The JSON path of the place, one token per key or index.
    package var path: [String]
    /// The storage of the value, the same for every place holding it.
    package var storage: SharedStorage
    /// The storage's identity.
    package var storageID: ObjectIdentifier { storage.id }
    /// Whether the place holds the storage's whole value (not a part derived from it).
    package var isWhole: Bool
    /// Whether the place is a `@SharedReader`, which cannot change the value.
    package var isReadOnly: Bool
    /// Sets the shared value, through this place, to the value this JSON decodes to.
    package var replace: (Data) throws -> Void
    /// The value at the place on a side of a tracker.
    package var value: (SharedChangeTracker.Side, SharedChangeTracker) -> Any
    /// Where the place's value sits in the storage's whole value, if the share says.
    package var part: (any SharedPartLocating)?
  }

  private let collectsHoldings: Bool
  package private(set) var holdings: [Holding] = []
  private var sawShared = false

  private init(collectsHoldings: Bool) {
    self.collectsHoldings = collectsHoldings
  }

  /// Every place in `value` that holds a shared value, in encoding order.
  package static func holdings(in value: some Encodable) -> [Holding] {
    let locator = SharedLocator(collectsHoldings: true)
    locator.walk(value)
    return locator.holdings
  }

  /// The places in `value` that hold a shared value, grouped by the value's storage, in the
  /// order each storage is first met.
  package static func holdingsByStorage(in value: some Encodable) -> [[Holding]] {
    byStorage(holdings(in: value))
  }

  /// `holdings` grouped by the value's storage, in the order each storage is first met.
  package static func byStorage(_ holdings: [Holding]) -> [[Holding]] {
    var groups: [ObjectIdentifier: [Holding]] = [:]
    var order: [ObjectIdentifier] = []
    for holding in holdings {
      if groups[holding.storageID] == nil { order.append(holding.storageID) }
      groups[holding.storageID, default: []].append(holding)
    }
    return order.map { groups[$0]! }
  }

  /// Whether `value` holds a shared value anywhere.
  package static func holdsShared(_ value: some Encodable) -> Bool {
    let locator = SharedLocator(collectsHoldings: false)
    locator.walk(value)
    return locator.sawShared
  }

  static let userInfoKey = CodingUserInfoKey(rawValue: "ReducerKit.SharedLocator")!

  /// Walks the encoding of `value`, each shared value met calling ``visit``. An error thrown by
  /// the value's own encoding ends the walk; the holdings met until then are kept.
  private func walk(_ value: some Encodable) {
    _ = try? CodingPathWalker(userInfo: [Self.userInfoKey: self]).walk(value)
  }

  /// Notes a shared value (a ``Shared`` or a ``SharedReader``) met at `codingPath`.
  func visit(
    storage: SharedStorage, at codingPath: [any CodingKey], isWhole: Bool, isReadOnly: Bool,
    value: @escaping (SharedChangeTracker.Side, SharedChangeTracker) -> Any,
    part: (any SharedPartLocating)? = nil, replace: @escaping (Data) throws -> Void
  ) {
    sawShared = true
    if collectsHoldings {
      holdings.append(
        Holding(
          path: codingPath.map(Self.token), storage: storage, isWhole: isWhole,
          isReadOnly: isReadOnly, replace: replace, value: value, part: part
        )
      )
    }
  }

  /// The JSON Pointer token of a coding key: an array index as its number, a key as its name.
  static func token(_ key: any CodingKey) -> String {
    if let index = key.intValue, key.stringValue == "Index \(index)" { return String(index) }
    return key.stringValue
  }
}
