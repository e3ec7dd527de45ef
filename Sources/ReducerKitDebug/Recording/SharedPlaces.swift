import ReducerKit

/// Which places of a session's initial state held one shared value: the read `sharedPlaces`
/// of index 0, so that a replay decodes those places as one value again.
///
/// Each group lists the JSON paths (one token per key or index) of the places that held one
/// value whole (a `@Shared` or a `@SharedReader`); a place holding a part derived from a value
/// (`Shared($rows[id: 2])`) is not listed, and a replay decodes it as a value of its own.
package enum SharedPlaces {
  /// The name of the read.
  static let name = "sharedPlaces"

  /// The groups of places among `holdings` (a state's) that hold one value, two places or
  /// more each, in the order each value is first met.
  static func groups(of holdings: [SharedLocator.Holding]) -> [[[String]]] {
    SharedLocator.byStorage(holdings.filter(\.isWhole)).map { $0.map(\.path) }
      .filter { $0.count > 1 }
  }

  /// The groups a session's index-0 reads hold; none for a session recorded before they were.
  package static func groups(in reads: [DependencyRead]) throws -> [[[String]]] {
    guard let read = reads.first(where: { $0.name == name }) else { return [] }
    do {
      return try read.value.decoded(as: [[[String]]].self)
    } catch {
      throw LogError.corrupt("the session's shared places do not decode: \(error)")
    }
  }
}
