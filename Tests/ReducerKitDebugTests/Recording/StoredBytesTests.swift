import Foundation
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

/// A struct's padding is left out of the bytes the recorder compares, and nothing else is.
@Suite("StoredBytes")
struct StoredBytesTests {
  struct Padded {
    var flag: Bool
    var count: Int
    var name: String
    var small: UInt8
  }

  enum Payload {
    case short(UInt8)
    case long(String)
  }

  @Test func paddingIsLeftOut() {
    // flag at 0, 7 bytes of padding, count at 8, name at 16, small at 32.
    #expect(StoredBytes.of(Padded.self).ranges == [0..<1, 8..<33])
  }

  @Test func typesWithoutPaddingCompareEveryByte() {
    #expect(StoredBytes.of(Int.self).ranges == nil)
    #expect(StoredBytes.of(String.self).ranges == nil)
    #expect(StoredBytes.of(UUID.self).ranges == nil)
    #expect(StoredBytes.of(Payload.self).ranges == nil, "an enum compares every byte")
    #expect(StoredBytes.of((Bool, Int).self).ranges == nil, "a tuple compares every byte")
  }

  @Test func bytesThatDifferOnlyInPaddingAreTheSame() {
    let value = Padded(flag: true, count: 7, name: "seven", small: 3)
    var lhs = [value]
    var rhs = [value]
    lhs.withUnsafeMutableBytes { for offset in 1..<8 { $0[offset] = 0x00 } }
    rhs.withUnsafeMutableBytes { for offset in 1..<8 { $0[offset] = 0xAB } }
    #expect(ExactEquality.pairsWithDifferentBits(lhs, rhs, at: [(0, 0)]).isEmpty)
    rhs.withUnsafeMutableBytes { $0[8] ^= 1 }
    #expect(ExactEquality.pairsWithDifferentBits(lhs, rhs, at: [(0, 0)]).count == 1)
    #expect(rhs[0].count == 6, "the byte changed is the count's")
  }

  @Test func aRowAndItsCopyInANewArrayHaveTheSameBits() {
    let rows = (0..<500).map {
      Todo.State(id: UUID(), title: "row \($0)", isComplete: $0.isMultiple(of: 2))
    }
    var moved = rows
    moved.insert(Todo.State(id: UUID()), at: 0)
    let shifted = rows.indices.map { ($0, $0 + 1) }
    #expect(ExactEquality.pairsWithDifferentBits(rows, moved, at: shifted).isEmpty)
    var changed = moved
    changed[1].isComplete.toggle()
    changed[2].title += "!"
    let samePlaces = moved.indices.map { ($0, $0) }
    let differing = ExactEquality.pairsWithDifferentBits(moved, changed, at: samePlaces)
    #expect(differing.map(\.0) == [1, 2])
    #expect(!ExactEquality.hasSameBits(moved[1], changed[1]))
  }
}
