import Foundation

/// Finds where in a value the shared values a tracker saw change are held, as JSON paths.
///
/// The value's encoding is walked (``CodingPathWalker``, which writes nothing) and each
/// ``Shared`` it meets reports its coding path: the path of its JSON in the value's JSON,
/// whatever coding keys, enums and collections lie between. A shared value held in three places is found three times.
package final class SharedLocator: @unchecked Sendable {
  // `@unchecked`: used by one encoding on one thread, then read.
  /// A place a changed shared value is held.
  package struct Place {
    /// The JSON path of the place, one token per key or index.
    package var path: [String]
    /// The value there before the change, and now.
    package var before: Any
    package var current: Any
  }

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
    var value: (SharedChangeTracker.Side, SharedChangeTracker) -> Any
  }

  /// The tracker whose changes are looked for; `nil` to look for any shared value.
  private let tracker: SharedChangeTracker?
  /// The side of the tracker a place's ``Place/current`` value is read from.
  private let now: SharedChangeTracker.Side
  private let collectsHoldings: Bool
  package private(set) var places: [Place] = []
  package private(set) var holdings: [Holding] = []
  private var sawShared = false

  private init(
    tracker: SharedChangeTracker?, now: SharedChangeTracker.Side = .current,
    collectsHoldings: Bool = false
  ) {
    self.tracker = tracker
    self.now = now
    self.collectsHoldings = collectsHoldings
  }

  /// Every place in `value` that holds a shared value, in encoding order.
  package static func holdings(in value: some Encodable) -> [Holding] {
    let locator = SharedLocator(tracker: nil, collectsHoldings: true)
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
    let locator = SharedLocator(tracker: nil)
    locator.walk(value)
    return locator.sawShared
  }

  static let userInfoKey = CodingUserInfoKey(rawValue: "ReducerKit.SharedLocator")!

  /// The places in `value` that hold a shared value `tracker` saw change, with the value
  /// `now` reads as their value after the change (the value now, unless the tracker was made
  /// from one change, whose value after it is its ``SharedChangeTracker/Side/expected`` side).
  package static func places(
    in value: some Encodable, changedIn tracker: SharedChangeTracker,
    now: SharedChangeTracker.Side = .current
  ) -> [Place] {
    let locator = SharedLocator(tracker: tracker, now: now)
    locator.walk(value)
    return locator.places
  }

  /// The places among `holdings` (a state's, found before) that hold a shared value `tracker`
  /// saw change, as ``places(in:changedIn:now:)`` finds them in that state, without a walk.
  package static func places(
    of holdings: [Holding], changedIn tracker: SharedChangeTracker,
    now: SharedChangeTracker.Side = .current
  ) -> [Place] {
    holdings.lazy.filter { tracker.hasChanged($0.storage) }.map {
      Place(path: $0.path, before: $0.value(.before, tracker), current: $0.value(now, tracker))
    }
  }

  /// Walks the encoding of `value`, each shared value met calling ``visit``. An error thrown by
  /// the value's own encoding ends the walk; the places met until then are kept.
  private func walk(_ value: some Encodable) {
    _ = try? CodingPathWalker(userInfo: [Self.userInfoKey: self]).walk(value)
  }

  /// Notes a shared value (a ``Shared`` or a ``SharedReader``) met at `codingPath`.
  func visit(
    storage: SharedStorage, at codingPath: [any CodingKey], isWhole: Bool, isReadOnly: Bool,
    value: @escaping (SharedChangeTracker.Side, SharedChangeTracker) -> Any,
    replace: @escaping (Data) throws -> Void
  ) {
    sawShared = true
    if collectsHoldings {
      holdings.append(
        Holding(
          path: codingPath.map(Self.token), storage: storage, isWhole: isWhole,
          isReadOnly: isReadOnly, replace: replace, value: value
        )
      )
    }
    guard let tracker, tracker.hasChanged(storage) else { return }
    places.append(
      Place(
        path: codingPath.map(Self.token),
        before: value(.before, tracker),
        current: value(now, tracker)
      )
    )
  }

  /// The JSON Pointer token of a coding key: an array index as its number, a key as its name.
  static func token(_ key: any CodingKey) -> String {
    if let index = key.intValue, key.stringValue == "Index \(index)" { return String(index) }
    return key.stringValue
  }
}
