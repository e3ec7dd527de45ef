/// The body of custom-dump's diff of two containers, one copy for the diff of Swift values
/// (`DiffWriter`) and for the diff of their JSON (`rkdebug`'s `JSONDiffRenderer`): the opening
/// line, each pair of children unchanged, removed, inserted or diffed in place, runs of
/// unchanged elements collapsed to `… (N unchanged)`, and the closing line.
package struct ChildrenDiff<Value, Failure: Error> {
  package typealias Child = (label: String?, value: Value)

  /// The children of the old and the new container, filtered and sorted as they print.
  let lhs: [Child]
  let rhs: [Child]
  /// Whether runs of unchanged children are collapsed, as in a collection.
  let collapsesUnchanged: Bool
  /// Whether the children were sorted (a set or a dictionary): the unchanged ones are counted
  /// together at the end, however few.
  let isSorted: Bool
  /// A number per child, equal where `isSameChild` holds, when known: the edit script then
  /// compares numbers.
  let keys: (lhs: [Int], rhs: [Int])?

  package init(
    lhs: [Child], rhs: [Child], collapsesUnchanged: Bool, isSorted: Bool = false,
    keys: (lhs: [Int], rhs: [Int])? = nil
  ) {
    self.lhs = lhs
    self.rhs = rhs
    self.collapsesUnchanged = collapsesUnchanged
    self.isSorted = isSorted
    self.keys = keys
  }

  private static var first: String { "- " }
  private static var second: String { "+ " }
  private static var both: String { "  " }

  /// Appends the diff to `out`: `name: prefix`, the children, then `suffix` and `separator`.
  ///
  /// - Parameters:
  ///   - isSameChild: Whether two children are the same child, changed or not (the same
  ///     label, or the same element).
  ///   - isUnchanged: Whether two children at the same place print the same.
  ///   - relabel: Gives a child at an offset the label it prints with (`[2]`).
  ///   - dump: The dump of a child at an indent, to a depth.
  ///   - diff: The diff of two children at an indent, its last line ended by a separator.
  package func write(
    name: String?, prefix: String, suffix: String, separator: String, indent: Int,
    into out: inout String,
    isSameChild: (Child, Child) throws(Failure) -> Bool,
    isUnchanged: (Child, Child) throws(Failure) -> Bool,
    relabel: (inout Child, Int) throws(Failure) -> Void = { _, _ in },
    dump: (Child, _ indent: Int, _ maxDepth: Int) throws(Failure) -> String,
    diff: (Child, Child, _ separator: String, _ indent: Int) throws(Failure) -> String
  ) throws(Failure) {
    let name = name.map { "\($0): " } ?? ""
    out += name.appending(prefix).indenting(by: indent).indenting(with: Self.both) + "\n"

    var error: Failure?
    func isSame(_ lhs: Child, _ rhs: Child) -> Bool {
      do throws(Failure) {
        return try isSameChild(lhs, rhs)
      } catch let failure {
        error = failure
        return false
      }
    }
    // Children the same offset by offset have no difference; most structs are that.
    var removals: Set<Int> = []
    var insertions: Set<Int> = []
    if let keys {
      // The same edit script as with `isSameChild`: the algorithm is the same, and so is
      // which pairs are equivalent.
      if keys.lhs != keys.rhs {
        let difference = keys.rhs.difference(from: keys.lhs, by: ==)
        removals = Set(difference.removals.map(\.offset))
        insertions = Set(difference.insertions.map(\.offset))
      }
    } else if lhs.count != rhs.count || !zip(lhs, rhs).allSatisfy(isSame) {
      let difference = rhs.difference(from: lhs, by: isSame)
      removals = Set(difference.removals.map(\.offset))
      insertions = Set(difference.insertions.map(\.offset))
    }
    if let error { throw error }

    let elementIndent = indent + 2
    var lhsOffset = 0
    var rhsOffset = 0
    var unchanged: [Child] = []

    func flushUnchanged() throws(Failure) {
      guard collapsesUnchanged else { return }
      let terminator = rhsOffset - 1 == rhs.count - 1 ? "\n" : ",\n"
      if !isSorted, unchanged.count == 1 {
        out += try dump(unchanged[0], elementIndent, 0).indenting(with: Self.both) + terminator
      } else if isSorted && unchanged.count == 1 || unchanged.count > 1 {
        out +=
          "… (\(unchanged.count) unchanged)".indenting(by: elementIndent)
          .indenting(with: Self.both) + terminator
      }
      unchanged.removeAll()
    }

    while lhsOffset < lhs.count || rhsOffset < rhs.count {
      let isRemoval = removals.contains(lhsOffset)
      let isInsertion = insertions.contains(rhsOffset)

      if collapsesUnchanged, !isRemoval, !isInsertion,
        try isUnchanged(lhs[lhsOffset], rhs[rhsOffset])
      {
        var child = rhs[rhsOffset]
        try relabel(&child, rhsOffset)
        unchanged.append(child)
        lhsOffset += 1
        rhsOffset += 1
        continue
      }

      if !isSorted { try flushUnchanged() }

      switch (isRemoval, isInsertion) {
      case (true, true), (false, false):
        var lhsChild = lhs[lhsOffset]
        var rhsChild = rhs[rhsOffset]
        try relabel(&lhsChild, isRemoval ? lhsOffset : rhsOffset)
        try relabel(&rhsChild, rhsOffset)
        let isLast = lhsOffset == lhs.count - 1 && rhsOffset == rhs.count - 1
        out += try diff(lhsChild, rhsChild, isLast ? "" : ",", elementIndent) + "\n"
        lhsOffset += 1
        rhsOffset += 1

      case (true, false):
        var lhsChild = lhs[lhsOffset]
        try relabel(&lhsChild, lhsOffset)
        out +=
          try dump(lhsChild, elementIndent, .max).indenting(with: Self.first)
          + (lhsOffset == lhs.count - 1 ? "\n" : ",\n")
        lhsOffset += 1

      case (false, true):
        var rhsChild = rhs[rhsOffset]
        try relabel(&rhsChild, rhsOffset)
        let isLast = rhsOffset == rhs.count - 1 && unchanged.isEmpty
        out +=
          try dump(rhsChild, elementIndent, .max).indenting(with: Self.second)
          + (isLast ? "\n" : ",\n")
        rhsOffset += 1
      }
    }

    try flushUnchanged()
    out += suffix.indenting(by: indent).indenting(with: Self.both) + separator
  }
}

extension CollectionDifference.Change {
  /// The offset the change is at, in the old collection for a removal, the new for an insertion.
  fileprivate var offset: Int {
    switch self {
    case .insert(let offset, _, _), .remove(let offset, _, _): offset
    }
  }
}
