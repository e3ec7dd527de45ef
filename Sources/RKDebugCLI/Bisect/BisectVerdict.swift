/// What a bisect probe says about the state at one index.
enum BisectVerdict: Equatable {
  /// Not yet: the first bad index is later.
  case good
  /// Already: the first bad index is this one or earlier.
  case bad
  /// Cannot tell (`--run` exit status 125): try a neighbour.
  case skip
}
