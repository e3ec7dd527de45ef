/// Binary search for the first index whose state is "bad", over indices `0...last`, assuming
/// that once bad, every later state is bad too (as `git bisect` assumes).
///
/// It probes index 0 and `last` first, then halves the range between the last good and the
/// first bad index it knows, so it probes O(log n) states. A probe may answer
/// ``BisectVerdict/skip``: the search then tries the nearest untried neighbours of the
/// midpoint, as `git bisect run` does with exit status 125.
struct Bisector {
  /// The last index (the session's action count).
  let last: Int

  /// How many times the probe was called in the last ``search(_:)``.
  private(set) var probes = 0

  /// A bisector over `0...last`.
  init(last: Int) {
    self.last = last
  }

  /// Finds the first bad index.
  ///
  /// - Parameter probe: Says whether the state at an index is good, bad, or cannot tell.
  ///   Throwing stops the search.
  mutating func search(_ probe: (Int) throws -> BisectVerdict) throws -> BisectOutcome {
    probes = 0
    func check(_ index: Int) throws -> BisectVerdict {
      probes += 1
      return try probe(index)
    }
    switch try check(0) {
    case .bad: return .badAtStart
    case .skip: return .undecidedEnd(0)
    case .good: break
    }
    guard last > 0 else { return .neverBad }
    switch try check(last) {
    case .good: return .neverBad
    case .skip: return .undecidedEnd(last)
    case .bad: break
    }
    var good = 0
    var bad = last
    var skipped: Set<Int> = []
    while bad - good > 1 {
      guard let index = candidate(between: good, and: bad, skipping: skipped) else {
        return .ambiguous(candidates: (good + 1)...bad)
      }
      switch try check(index) {
      case .good: good = index
      case .bad: bad = index
      case .skip: skipped.insert(index)
      }
    }
    return .found(bad)
  }

  /// The untried index strictly between `good` and `bad` nearest to their midpoint.
  private func candidate(between good: Int, and bad: Int, skipping skipped: Set<Int>) -> Int? {
    let middle = good + (bad - good) / 2
    for distance in 0..<(bad - good) {
      for index in [middle + distance, middle - distance]
      where index > good && index < bad && !skipped.contains(index) {
        return index
      }
    }
    return nil
  }
}
