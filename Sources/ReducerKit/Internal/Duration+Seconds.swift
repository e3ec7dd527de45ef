extension Duration {
  /// The duration in seconds, as a `Double` (for `Date`, `NSCondition` and printed figures).
  package var inSeconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
