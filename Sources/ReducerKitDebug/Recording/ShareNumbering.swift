import ReducerKit

/// Gives each shared value a session's states hold a number, the same wherever it is held, for
/// the places the log keeps (``SharePlaces``).
struct ShareNumbering {
  /// The number of each storage met; the storages are kept so that no other takes their
  /// identity while the session lasts.
  private var numbers: [ObjectIdentifier: (storage: SharedStorage, number: Int)] = [:]

  /// The entries of `holdings`, places found in the value operation `op` adds (or in the
  /// initial state, when `nil`), under `path`.
  mutating func entries(
    of holdings: [SharedLocator.Holding], op: Int?, under path: [String] = []
  ) -> [SharePlaces.Entry] {
    holdings.map { holding in
      SharePlaces.Entry(
        op: op, path: path + holding.path, share: number(of: holding.storage),
        whole: holding.isWhole)
    }
  }

  /// The places of shared values in the values `changes` add or put in place.
  mutating func entries(addedBy changes: [PendingChange]) -> [SharePlaces.Entry] {
    var entries: [SharePlaces.Entry] = []
    for (index, change) in changes.enumerated()
    where change.operation == .add || change.operation == .replace {
      guard case let .encodable(value)? = change.value else { continue }
      let holdings = SharedLocator.holdings(in: value)
      if !holdings.isEmpty { entries += self.entries(of: holdings, op: index, under: change.path) }
    }
    return entries
  }

  private mutating func number(of storage: SharedStorage) -> Int {
    if let known = numbers[storage.id] { return known.number }
    let number = numbers.count + 1
    numbers[storage.id] = (storage, number)
    return number
  }
}
