import CustomDump
import IdentifiedCollections
import Testing

@testable import ReducerKit

/// A collection's edit script found from ``ElementKeys`` is the one custom-dump finds comparing
/// the elements themselves.
@Suite("ElementKeys")
struct ElementKeysTests {
  typealias Row = DumpTypes.Row

  @Test func reorderedRowsDiffLikeCustomDump() throws {
    var generator = SplitMix64(seed: 44)
    for round in 0..<300 {
      let count = Int.random(in: 0...24, using: &generator)
      let old = IdentifiedArray(
        uniqueElements: (0..<count).map { Row(id: $0, title: "row \($0 % 3)") })
      var new = old
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        Self.edit(&new, using: &generator)
      }
      let expected = CustomDump.diff(old, new)
      #expect(try CustomDumpText.modeledDiff(old, new) == expected, "round \(round)")
      let oldRows = Array(old)
      let newRows = Array(new)
      #expect(
        try CustomDumpText.modeledDiff(oldRows, newRows) == CustomDump.diff(oldRows, newRows),
        "round \(round), as an array")
    }
  }

  @Test func keysAreEqualExactlyForTheSameID() throws {
    let lhs = [Row(id: 1), Row(id: 2, title: "b"), Row(id: 3)]
    let rhs = [Row(id: 3), Row(id: 2, title: "changed"), Row(id: 4), Row(id: 1)]
    let keys = try #require(
      ElementKeys(Array(Mirror(reflecting: lhs).children), Array(Mirror(reflecting: rhs).children))
    )
    #expect(keys.lhs == [0, 1, 2])
    #expect(keys.rhs == [2, 1, 3, 0])
  }

  @Test func elementsWithoutAnIDHaveNoKeys() {
    func keys(_ lhs: [Any], _ rhs: [Any]) -> ElementKeys? {
      ElementKeys(Array(Mirror(reflecting: lhs).children), Array(Mirror(reflecting: rhs).children))
    }
    #expect(keys([1, 2], [2, 1]) == nil)
    #expect(keys([Row(id: 1), 2], [Row(id: 1)]) == nil, "elements of different types")
    #expect(keys([], []) == nil)
  }

  /// One random edit: a move, a swap, an insertion, a removal or a changed field.
  private static func edit(
    _ rows: inout IdentifiedArrayOf<Row>, using generator: inout SplitMix64
  ) {
    let nextID = (rows.ids.max() ?? 0) + 100
    switch Int.random(in: 0..<6, using: &generator) {
    case 0 where rows.count > 1:
      rows.move(
        fromOffsets: [Int.random(in: 0..<rows.count, using: &generator)],
        toOffset: Int.random(in: 0...rows.count, using: &generator))
    case 1 where rows.count > 1:
      rows.swapAt(
        Int.random(in: 0..<rows.count, using: &generator),
        Int.random(in: 0..<rows.count, using: &generator))
    case 2:
      rows.insert(
        Row(id: nextID, title: "row \(nextID % 3)"),
        at: Int.random(in: 0...rows.count, using: &generator))
    case 3 where !rows.isEmpty:
      rows.remove(at: Int.random(in: 0..<rows.count, using: &generator))
    case 4 where !rows.isEmpty:
      rows[Int.random(in: 0..<rows.count, using: &generator)].isDone.toggle()
    default:
      rows.shuffle(using: &generator)
    }
  }
}
