import Foundation

/// Whether two values the differ compares are the same for the log: `JSONEncoder` writes them
/// alike, which `==` does not promise (`0.0 == -0.0`, and `"cafe\u{301}" == "caf\u{E9}"` by
/// canonical equivalence, yet each pair encodes and dumps differently).
///
/// A copy of a value has its bits, so an unchanged property costs a compare of its bytes; only
/// values that are `==` but stored apart are looked at further.
enum ExactEquality {
  /// Whether the bytes of `lhs` and `rhs` are the same: one value and a copy of it, whose JSON
  /// is the same (a `String`, `Array` or `Dictionary` copy shares its buffer).
  /// Bytes that differ only in a struct's padding are the same (``StoredBytes``).
  static func hasSameBits<T>(_ lhs: T, _ rhs: T) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in
      withUnsafeBytes(of: rhs) { rhs in
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return hasSameBits(left, right, as: T.self)
      }
    }
  }

  /// The pairs of indices, element `i` of `lhs` and element `j` of `rhs`, whose elements' bytes
  /// differ, compared where they are stored: no copy, so no retain or release even where the
  /// code is not specialized.
  static func pairsWithDifferentBits<T>(
    _ lhs: [T], _ rhs: [T], at pairs: [(Int, Int)]
  ) -> [(Int, Int)] {
    withElementComparison(lhs, rhs) { differ in pairs.filter { differ($0, $1) } } ?? pairs
  }

  /// The indices whose elements in `lhs` and `rhs` (of one count) have different bytes.
  static func indicesWithDifferentBits<T>(_ lhs: [T], _ rhs: [T]) -> [Int] {
    withElementComparison(lhs, rhs) { differ in lhs.indices.filter { differ($0, $0) } }
      ?? Array(lhs.indices)
  }

  /// Runs `body` with a function that says whether element `i` of `lhs` and element `j` of
  /// `rhs` have different bytes, their padding aside; `nil` when either array is empty.
  private static func withElementComparison<T, Result>(
    _ lhs: [T], _ rhs: [T], _ body: ((Int, Int) -> Bool) -> Result
  ) -> Result? {
    guard !lhs.isEmpty, !rhs.isEmpty else { return nil }
    let size = MemoryLayout<T>.size
    let stride = MemoryLayout<T>.stride
    var stored: StoredBytes?
    return lhs.withUnsafeBytes { lhs in
      rhs.withUnsafeBytes { rhs in
        body { i, j in
          let left = lhs.baseAddress! + i * stride
          let right = rhs.baseAddress! + j * stride
          if memcmp(left, right, size) == 0 { return false }
          if stored == nil { stored = StoredBytes.of(T.self) }
          return !hasSameStoredBytes(left, right, stored!, size: size)
        }
      }
    }
  }

  /// Whether the values of type `T` at `lhs` and `rhs` have the same bytes, their padding
  /// aside.
  private static func hasSameBits<T>(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, as _: T.Type
  ) -> Bool {
    let size = MemoryLayout<T>.size
    if memcmp(lhs, rhs, size) == 0 { return true }
    return hasSameStoredBytes(lhs, rhs, StoredBytes.of(T.self), size: size)
  }

  /// Whether values whose bytes differ differ only in padding.
  private static func hasSameStoredBytes(
    _ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, _ stored: StoredBytes, size: Int
  ) -> Bool {
    stored.ranges != nil && stored.areSame(lhs, rhs, size: size)
  }

  /// Whether two doubles are written alike: the same bits (a `-0.0` is not a `0.0`).
  @inline(__always)
  static func isSame(_ lhs: Double, _ rhs: Double) -> Bool {
    lhs.bitPattern == rhs.bitPattern
  }

  /// Whether two strings are written alike: the same UTF-8, not only canonically equivalent.
  static func isSame(_ lhs: String, _ rhs: String) -> Bool {
    if hasSameBits(lhs, rhs) { return true }
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { lhs in
      rhs.withUTF8 { rhs in
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
      }
    }
  }

  /// Whether two optional strings are written alike.
  static func isSame(_ lhs: String?, _ rhs: String?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return isSame(lhs, rhs)
    default: return false
    }
  }

  /// Whether two optional doubles are written alike.
  static func isSame(_ lhs: Double?, _ rhs: Double?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case let (lhs?, rhs?): return isSame(lhs, rhs)
    default: return false
    }
  }

  /// Whether two values that are `==` and of one type are written alike, by encoding both the
  /// way the log writer does: for values the differ cannot look inside (a plain struct, a
  /// dictionary, a set), when they were stored apart. Their cost is that of the values the
  /// reducer rebuilt.
  static func encodeAlike(_ lhs: Any, _ rhs: Any) -> Bool {
    let encoder = JSONFragmentEncoder()
    var left: [UInt8] = []
    var right: [UInt8] = []
    do {
      try encoder.append(PendingValue(lhs), to: &left)
      try encoder.append(PendingValue(rhs), to: &right)
    } catch {
      // Not encodable: recorded as a change, so that the writer reports the type.
      return false
    }
    return left == right
  }
}
