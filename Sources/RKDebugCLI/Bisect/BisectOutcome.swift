/// What a bisection found.
enum BisectOutcome: Equatable {
  /// The first bad index.
  case found(Int)
  /// Already bad at index 0, the initial state: no action made it so.
  case badAtStart
  /// Good at the last index: (assuming bad stays bad) no index is bad.
  case neverBad
  /// Every index between the last good and the first known bad one was skipped: the first bad
  /// index is one of `candidates`.
  case ambiguous(candidates: ClosedRange<Int>)
  /// The probe could not tell (skip) at an end of the range, which a bisection must know.
  case undecidedEnd(Int)
}
