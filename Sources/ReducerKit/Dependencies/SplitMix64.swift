/// A small, fast, seeded random number generator: the same seed always gives the same sequence,
/// on every platform.
///
/// `rkdebug record --random N --seed S` drives a feature with `SplitMix64(seed: S)` and seeds its
/// random number dependency with it, so a run can be repeated exactly; the samples' tests use
/// it to make the same random actions. The algorithm is Sebastiano Vigna's SplitMix64, the
/// generator Java's `SplittableRandom` uses and the usual seeder of the xoshiro family.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let action = Counter.randomAction(for: store.state, using: &rng)
/// ```
///
/// It is not suitable for cryptography.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  /// The generator's whole state; it advances by a fixed odd constant on every draw.
  public private(set) var state: UInt64

  /// Creates a generator whose sequence is determined by `seed`.
  ///
  /// - Parameter seed: Any value; `0` is as good a seed as any other.
  public init(seed: UInt64) {
    self.state = seed
  }

  /// Returns the next value of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z &>> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z &>> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z &>> 31)
  }
}
