extension JSONValue {
  /// One step of an edit script that turns one sequence into another.
  enum EditStep: Hashable, Sendable {
    /// The next elements of both sequences are equal.
    case keep
    /// The next element of the old sequence is removed.
    case delete
    /// The next element of the new sequence is inserted.
    case insert
  }

  /// A shortest edit script (Myers' O((N+M)·D) algorithm) that turns a sequence of `oldCount`
  /// elements into one of `newCount`, or `nil` if it needs more than `maximumEdits` deletions
  /// and insertions.
  ///
  /// - Parameter isEqual: Whether old element `i` equals new element `j`.
  static func shortestEditScript(
    oldCount: Int, newCount: Int, maximumEdits: Int, isEqual: (Int, Int) -> Bool
  ) -> [EditStep]? {
    let total = oldCount + newCount
    guard total > 0 else { return [] }
    // `frontier[offset + k]` is the furthest old index reached on diagonal k = x - y.
    let offset = total + 1
    var frontier = [Int](repeating: 0, count: 2 * total + 3)
    // The frontier before each round d, for diagonals -d-1...d+1.
    var history: [[Int]] = []
    for edits in 0...min(total, maximumEdits) {
      history.append(Array(frontier[(offset - edits - 1)...(offset + edits + 1)]))
      for diagonal in stride(from: -edits, through: edits, by: 2) {
        var x: Int
        if diagonal == -edits
          || (diagonal != edits
            && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1])
        {
          x = frontier[offset + diagonal + 1]
        } else {
          x = frontier[offset + diagonal - 1] + 1
        }
        var y = x - diagonal
        while x < oldCount, y < newCount, isEqual(x, y) {
          x += 1
          y += 1
        }
        frontier[offset + diagonal] = x
        if x >= oldCount, y >= newCount {
          return steps(history: history, oldCount: oldCount, newCount: newCount)
        }
      }
    }
    return nil
  }

  /// Walks the frontiers back from the end to recover the steps.
  private static func steps(history: [[Int]], oldCount: Int, newCount: Int) -> [EditStep] {
    var steps: [EditStep] = []
    var x = oldCount
    var y = newCount
    for edits in stride(from: history.count - 1, through: 0, by: -1) {
      let frontier = history[edits]
      func furthest(_ diagonal: Int) -> Int { frontier[diagonal + edits + 1] }
      let diagonal = x - y
      let previousDiagonal =
        diagonal == -edits || (diagonal != edits && furthest(diagonal - 1) < furthest(diagonal + 1))
        ? diagonal + 1 : diagonal - 1
      let previousX = furthest(previousDiagonal)
      let previousY = previousX - previousDiagonal
      while x > previousX, y > previousY {
        steps.append(.keep)
        x -= 1
        y -= 1
      }
      if edits > 0 {
        steps.append(x == previousX ? .insert : .delete)
      }
      x = previousX
      y = previousY
    }
    return steps.reversed()
  }
}
