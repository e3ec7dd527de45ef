#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The operations read from each `ops` text met before, for one walk whose filter does not
/// change: sessions repeat their patches (100,000 random Counter actions store 573 distinct
/// texts, the tabbed app's 22,461), and a hit costs a hash and a compare instead of a parse.
///
/// Direct-mapped: a text takes the slot its hash names, replacing the one there.
struct PatchTextCache {
  private struct Entry {
    var hash: UInt64
    var text: [UInt8]
    var operations: [JSONPatchOperation]
  }

  private var slots: [Entry?] = []

  /// Texts longer than this are read each time: long patches (a pushed screen, a new row)
  /// rarely repeat, and would hold memory for nothing.
  static let longestText = 512
  /// The number of slots, a power of two.
  static let slotCount = 4096

  /// The operations of `text`, from `read` unless the text was met before.
  mutating func operations(
    of text: UnsafeBufferPointer<UInt8>, reading read: () throws -> [JSONPatchOperation]
  ) rethrows -> [JSONPatchOperation] {
    guard text.count <= Self.longestText, let start = text.baseAddress else { return try read() }
    if slots.isEmpty { slots = Array(repeating: nil, count: Self.slotCount) }
    let hash = Self.hash(text)
    let slot = Int(truncatingIfNeeded: hash) & (Self.slotCount - 1)
    if let entry = slots[slot], entry.hash == hash, entry.text.count == text.count,
      entry.text.withUnsafeBufferPointer({ memcmp($0.baseAddress!, start, text.count) }) == 0
    {
      return entry.operations
    }
    let operations = try read()
    slots[slot] = Entry(hash: hash, text: Array(text), operations: operations)
    return operations
  }

  /// A quick hash of the bytes, eight at a time; a collision costs only a compare.
  private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let bytes = UnsafeRawBufferPointer(text)
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(bytes.count) &* multiplier
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
      hash ^= hash >> 31
      offset += 8
    }
    while offset < bytes.count {
      hash = (hash ^ UInt64(bytes[offset])) &* multiplier
      offset += 1
    }
    return hash ^ (hash >> 29)
  }
}
