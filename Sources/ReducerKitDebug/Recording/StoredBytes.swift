@_spi(Reflection) import Swift
import Foundation
import Synchronization

/// The bytes of a struct's values that its stored properties hold, without the padding between
/// them: a copy made property by property (any struct holding a reference) leaves the padding
/// of its destination as it was, so one row and its copy in a new array can differ there.
///
/// Found once per type from the runtime's field offsets; a type whose layout is not a struct's
/// or does not add up (a gap wider than alignment needs) compares every byte.
struct StoredBytes: Sendable {
  /// The ranges to compare, in order; `nil` when every byte is compared.
  let ranges: [Range<Int>]?

  private static let known = Mutex<[ObjectIdentifier: StoredBytes]>([:])

  /// The stored bytes of `T`.
  static func of<T>(_ type: T.Type) -> StoredBytes {
    let key = ObjectIdentifier(type)
    if let known = known.withLock({ $0[key] }) { return known }
    let bytes = StoredBytes(ranges: storedRanges(of: T.self))
    known.withLock { $0[key] = bytes }
    return bytes
  }

  /// Whether the values at `lhs` and `rhs` have the same stored bytes.
  func areSame(_ lhs: UnsafeRawPointer, _ rhs: UnsafeRawPointer, size: Int) -> Bool {
    guard let ranges else { return memcmp(lhs, rhs, size) == 0 }
    for range in ranges
    where memcmp(lhs + range.lowerBound, rhs + range.lowerBound, range.count) != 0 {
      return false
    }
    return true
  }

  /// A value of `T`, to ask the runtime what kind of type `T` is through its field.
  private struct Probe<T> {
    var value: T
  }

  private static func storedRanges<T>(of type: T.Type) -> [Range<Int>]? {
    var isStruct = false
    _forEachField(of: Probe<T>.self) { _, _, _, kind in
      isStruct = kind == .struct
      return true
    }
    guard isStruct else { return nil }
    var fields: [(offset: Int, size: Int, alignment: Int)] = []
    let isReflected = _forEachField(of: T.self) { _, offset, fieldType, _ in
      // A field whose type the runtime could not resolve reads as `()`: its bytes are unknown.
      guard fieldType != Void.self else { return false }
      func layout<Field>(_: Field.Type) -> (Int, Int) {
        (MemoryLayout<Field>.size, MemoryLayout<Field>.alignment)
      }
      let (size, alignment) = _openExistential(fieldType, do: layout)
      fields.append((offset, size, alignment))
      return true
    }
    guard isReflected, !fields.isEmpty else { return nil }
    var ranges: [Range<Int>] = []
    var end = 0
    for field in fields.sorted(by: { $0.offset < $1.offset }) where field.size > 0 {
      // Padding before a property is narrower than its alignment; a wider gap means the
      // fields do not describe the layout.
      guard field.offset >= end, field.offset - end < field.alignment else { return nil }
      if field.offset == end, let last = ranges.last {
        ranges[ranges.count - 1] = last.lowerBound..<(field.offset + field.size)
      } else {
        ranges.append(field.offset..<(field.offset + field.size))
      }
      end = field.offset + field.size
    }
    let size = MemoryLayout<T>.size
    guard end <= size, size - end < MemoryLayout<T>.alignment else { return nil }
    return ranges == [0..<size] ? nil : ranges
  }
}
