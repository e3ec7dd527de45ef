/// The fewest JSON Patch `move`s that put a collection's elements in another order.
///
/// The elements of a longest run that kept its order stay; each other element moves once, in
/// the new order, to just after the element that precedes it there. Positions are counted in
/// a Fenwick tree over the places elements can end up in, so the moves of `n` elements cost
/// O(n log n), not a search of the collection per move.
struct ReorderingMoves {
  /// For each new position, the old position of its element: a permutation of `0..<count`.
  let sources: [Int]

  /// For each new position, whether its element stays where it is: the positions of a longest
  /// increasing run of `sources`.
  let kept: [Bool]

  init(sources: [Int]) {
    self.sources = sources
    self.kept = Self.longestIncreasingRun(sources)
  }

  /// How many elements move.
  var movedCount: Int { kept.lazy.filter { !$0 }.count }

  /// Each move's `from` and `to` index, in the order RFC 6902 applies them: the element is
  /// removed from `from`, then inserted at `to` of what is left.
  func moves() -> [(from: Int, to: Int)] {
    let count = sources.count
    // Moved elements form chains: those before the first kept element (chain 0), and those
    // right after the kept element of old position i (chain i + 1), in their new order.
    var chainLength = [Int](repeating: 0, count: count + 1)
    var chain = [Int](repeating: 0, count: count)
    var rank = [Int](repeating: 0, count: count)
    var current = 0
    for position in 0..<count {
      if kept[position] {
        current = sources[position] + 1
      } else {
        chain[position] = current
        rank[position] = chainLength[current]
        chainLength[current] += 1
      }
    }
    // The places in their final order: chain 0, then each old position followed by its chain.
    var chainStart = [Int](repeating: 0, count: count + 1)
    var ownPlace = [Int](repeating: 0, count: count)
    var next = chainLength[0]
    for old in 0..<count {
      ownPlace[old] = next
      chainStart[old + 1] = next + 1
      next += 1 + chainLength[old + 1]
    }
    var occupied = FenwickCounts(size: next, ones: ownPlace)
    var moves: [(from: Int, to: Int)] = []
    moves.reserveCapacity(next - count)
    for position in 0..<count where !kept[position] {
      let leaving = ownPlace[sources[position]]
      occupied.remove(at: leaving)
      let arriving = chainStart[chain[position]] + rank[position]
      let move = (from: occupied.count(before: leaving), to: occupied.count(before: arriving))
      occupied.insert(at: arriving)
      if move.from != move.to { moves.append(move) }
    }
    return moves
  }

  /// Whether each position of `values` belongs to one longest strictly increasing run.
  static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
    // tails[k]: the position of the smallest last value of an increasing run of length k + 1.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
      run[position] = true
      position = previous[position]
    }
    return run
  }
}

/// Counts of occupied places that answer "how many before this one" in O(log n).
private struct FenwickCounts {
  private var tree: [Int]

  /// `size` places, those in `ones` occupied.
  init(size: Int, ones: [Int]) {
    tree = [Int](repeating: 0, count: size + 1)
    for place in ones { tree[place + 1] += 1 }
    for index in stride(from: 1, through: size, by: 1) {
      let parent = index + (index & -index)
      if parent <= size { tree[parent] += tree[index] }
    }
  }

  mutating func insert(at place: Int) { add(1, at: place) }

  mutating func remove(at place: Int) { add(-1, at: place) }

  /// The occupied places before `place`.
  func count(before place: Int) -> Int {
    var sum = 0
    var index = place
    while index > 0 {
      sum += tree[index]
      index -= index & -index
    }
    return sum
  }

  private mutating func add(_ delta: Int, at place: Int) {
    var index = place + 1
    while index < tree.count {
      tree[index] += delta
      index += index & -index
    }
  }
}
