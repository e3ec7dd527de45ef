/// What a forward scan of every index finds when the ends of a session contradict
/// `bisect --where`'s assumption that once the predicate holds, it keeps holding: it is false
/// at the last index, or already true at index 0.
///
/// A binary search then has nothing to search, and its answer ("never", "already at 0") would
/// be a guess presented as a fact; the scan (``PredicateScan``, as `find` reads the session)
/// replaces the guess with what the log says.
enum EndpointScan: Equatable {
  /// False at index 0, and first true at `index` (the first action that made it hold).
  case firstHolds(at: Int)
  /// True at index 0, false from `stops`, true again from `index` (the first action that made
  /// it hold after it stopped).
  case holdsAgain(at: Int, stops: Int)
  /// True at index 0 until `stops` (`nil`: at every index), and never again: no action made
  /// it hold.
  case holdsFromStart(stops: Int?)
  /// False at every index.
  case never

  /// Scans `scan`'s session from index 0; returns what it found and how many states it read.
  ///
  /// It stops as soon as the answer is known: at the first index where the predicate holds,
  /// or where it holds again after index 0's range.
  static func run(_ scan: PredicateScan) throws -> (finding: EndpointScan, scanned: Int) {
    var holdsAtStart = false
    var stops: Int?
    var startsHolding: Int?
    let scanned = try scan.forEachIndex { index, holds in
      if index == 0 {
        holdsAtStart = holds
      } else if holds, !holdsAtStart || stops != nil {
        startsHolding = index
        return false
      } else if !holds, holdsAtStart, stops == nil {
        stops = index
      }
      return true
    }
    let finding: EndpointScan
    switch (holdsAtStart, startsHolding) {
    case (false, let index?): finding = .firstHolds(at: index)
    case (false, nil): finding = .never
    case (true, let index?): finding = .holdsAgain(at: index, stops: stops!)
    case (true, nil): finding = .holdsFromStart(stops: stops)
    }
    return (finding, scanned)
  }
}
