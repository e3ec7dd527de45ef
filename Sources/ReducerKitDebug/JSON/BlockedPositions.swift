/// The positions `0..<count` of an array's elements, kept in blocks of about √count so that
/// removing one and inserting it elsewhere costs O(√count), not a shift of the whole array:
/// a run of `move`s within one array is worked out on them, then applied to the array once.
struct BlockedPositions {
  private var blocks: [[Int32]]
  private let blockSize: Int

  /// How many positions there are.
  private(set) var count: Int

  init(count: Int) {
    self.count = count
    let size = max(16, Int(Double(count).squareRoot()))
    blockSize = size
    blocks = stride(from: 0, to: count, by: size).map { start in
      Array(Int32(start)..<Int32(min(start + size, count)))
    }
    if blocks.isEmpty { blocks = [[]] }
  }

  /// Removes and returns the position at `index` (`0..<count`).
  mutating func remove(at index: Int) -> Int32 {
    var offset = index
    var block = 0
    while offset >= blocks[block].count {
      offset -= blocks[block].count
      block += 1
    }
    count -= 1
    return blocks[block].remove(at: offset)
  }

  /// Inserts `position` at `index` (`0...count`).
  mutating func insert(_ position: Int32, at index: Int) {
    var offset = index
    var block = 0
    while block < blocks.count - 1, offset > blocks[block].count {
      offset -= blocks[block].count
      block += 1
    }
    blocks[block].insert(position, at: offset)
    count += 1
    if blocks[block].count > 2 * blockSize {
      let tail = Array(blocks[block][blockSize...])
      blocks[block].removeSubrange(blockSize...)
      blocks.insert(tail, at: block + 1)
    }
  }

  /// The positions in their order.
  var order: [Int32] { blocks.flatMap { $0 } }
}
