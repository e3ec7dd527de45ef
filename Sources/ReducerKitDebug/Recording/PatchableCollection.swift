import IdentifiedCollections
import ReducerKit

/// A collection the recorder diffs element by element, so a change to one row is one operation
/// at `/rows/3/field` rather than a replacement of the whole collection.
protocol PatchableCollection {
  /// Appends the operations that turn `self` into `new` (a value of the same type).
  func diffElements(to new: Any, at path: [String], into differ: inout StateDiffer)
}

/// An identified array of rows that are not observable states, whose change an
/// ``ElementChangeJournal`` can account for: each row the journal names is diffed as a value.
protocol JournaledCollection {
  /// Appends the operations that turn `old` (a value of the same type) into `self` and returns
  /// `true` when the differ's journal proves which elements changed; returns `false`, appending
  /// nothing, when it does not.
  func diffJournaled(from old: Any, at path: [String], into differ: inout StateDiffer) -> Bool

  /// The journaled diff of a property of this type, at `keyPath` of a `Root` state.
  static func journaledDiff<Root>(at keyPath: PartialKeyPath<Root>) -> PropertyDiff<Root>
    .JournaledDiff
}

/// An identified array of observable states, such as the rows `forEach` runs on: each row the
/// journal names is diffed as a nested state.
protocol StateRows {
  /// The journaled diff of a property of this type, at `keyPath` of a `Root` state.
  static func journaledDiff<Root>(at keyPath: PartialKeyPath<Root>) -> PropertyDiff<Root>
    .JournaledDiff
}

extension Array: PatchableCollection where Element: Equatable & Encodable {
  func diffElements(to new: Any, at path: [String], into differ: inout StateDiffer) {
    guard let new = new as? Self else { return }
    CollectionDiffer.diff(
      old: self, new: new, ids: nil as (old: [Int], new: [Int])?, at: path, into: &differ)
  }
}

extension IdentifiedArray: PatchableCollection
where Element: Equatable & Encodable {
  func diffElements(to new: Any, at path: [String], into differ: inout StateDiffer) {
    guard let new = new as? Self else { return }
    if differ.hasJournal, new.diffJournaled(from: self, at: path, into: &differ) { return }
    if self.ids == new.ids {
      // The same rows in the same order: compare them in place, with typed ids. Checking the
      // ids is O(1) when no row was added, removed or moved (their storage is then shared), and
      // the result is the one the general diff below gives, without boxing every id twice.
      let oldElements = self.elements
      let newElements = new.elements
      for index in ExactEquality.indicesWithDifferentBits(oldElements, newElements) {
        differ.diffValue(
          oldElements[index], newElements[index], at: path + [String(index)],
          isObjectMember: false
        )
      }
      return
    }
    CollectionDiffer.diff(
      old: self.elements, new: new.elements, ids: (self.ids.elements, new.ids.elements),
      oldPosition: { self.index(id: $0) }, at: path, into: &differ
    )
  }
}

extension StackState: PatchableCollection where Element: Equatable & Encodable {
  /// Diffs the `{"id", "element"}` entries by id and never replaces the whole stack: a push is
  /// one `add`, a pop one `remove` per popped element, a change a patch inside one element.
  ///
  /// With the differ's journal, only the screens the action touched are looked at: those it
  /// changed in place, and those from the lowest position it pushed or popped at. Without it,
  /// every screen is. When the screens under the top keep their ids, the rest become entries
  /// one by one; otherwise the general diff of the entries runs.
  func diffElements(to new: Any, at path: [String], into differ: inout StateDiffer) {
    guard let new = new as? Self else { return }
    let oldElements = elementArray
    let newElements = new.elementArray
    let kept = Swift.min(ids.count, new.ids.count)
    let change = differ.journal?.stackChange(from: revision, to: new.revision)
    let start = change.map { Swift.min($0.structuralStart ?? kept, kept) } ?? 0
    guard ids[start..<kept] == new.ids[start..<kept] else {
      CollectionDiffer.diff(
        old: entries, new: new.entries, ids: (ids, new.ids), at: path, into: &differ,
        replacesWhole: false
      )
      return
    }
    for index in stride(from: ids.count - 1, through: kept, by: -1) {
      let entry = Entry(id: ids[index], element: oldElements[index])
      differ.append(
        PendingChange(
          operation: .remove, path: path + [String(index)], oldValue: .encodable(StateValue(entry))
        )
      )
    }
    for index in kept..<new.ids.count {
      let entry = Entry(id: new.ids[index], element: newElements[index])
      differ.append(
        PendingChange(
          operation: .add, path: path + [String(index)], value: .encodable(StateValue(entry))
        )
      )
    }
    // In index order, after the pushes and pops, as comparing every screen finds them.
    for index in (change?.changedPositions ?? []).filter({ $0 < start }).sorted() {
      diffEntry(at: index, from: oldElements, to: newElements, at: path, into: &differ)
    }
    for index in start..<kept {
      diffEntry(at: index, from: oldElements, to: newElements, at: path, into: &differ)
    }
  }

  /// Diffs the screen at `index`, which has the same id in both stacks, when it changed.
  private func diffEntry(
    at index: Int, from oldElements: [Element], to newElements: [Element], at path: [String],
    into differ: inout StateDiffer
  ) {
    guard !ExactEquality.hasSameBits(oldElements[index], newElements[index]) else { return }
    differ.diffValue(
      Entry(id: ids[index], element: oldElements[index]),
      Entry(id: ids[index], element: newElements[index]),
      at: path + [String(index)], isObjectMember: false
    )
  }
}

extension IdentifiedArray: JournaledCollection where Element: Equatable & Encodable {
  func diffJournaled(from old: Any, at path: [String], into differ: inout StateDiffer) -> Bool {
    guard let old = old as? Self else { return false }
    return differ.diffJournaledRows(from: old, to: self, at: path)
  }

  static func journaledDiff<Root>(at keyPath: PartialKeyPath<Root>) -> PropertyDiff<Root>
    .JournaledDiff
  {
    let read = PropertyReader<Root, Self>(keyPath)
    return { old, new, path, name, differ in
      differ.diffJournaledRows(from: read(old), to: read(new), at: StateDiffer.path(path, name))
    }
  }
}

extension IdentifiedArray: StateRows where Element: ObservableStateProtocol {
  static func journaledDiff<Root>(at keyPath: PartialKeyPath<Root>) -> PropertyDiff<Root>
    .JournaledDiff
  {
    let read = PropertyReader<Root, Self>(keyPath)
    return { old, new, path, name, differ in
      let old = read(old)
      let new = read(new)
      guard let indices = differ.journaledIndices(from: old, to: new) else { return false }
      guard !indices.isEmpty else { return true }
      // One array for every row's path: only its last token changes.
      var rowPath: [String] = []
      rowPath.reserveCapacity(path.count + 2)
      rowPath.append(contentsOf: path)
      rowPath.append(name)
      rowPath.append("")
      for index in indices {
        rowPath[rowPath.count - 1] = String(index)
        differ.diffState(old[index], new[index], at: rowPath)
      }
      return true
    }
  }
}

/// The element-wise diff of two arrays.
enum CollectionDiffer {
  /// Diffs positionally (for plain arrays) or by identity (for identified arrays).
  ///
  /// Equal-length collections whose identities line up get one diff per changed element; the
  /// same identities in another order (a swap, a move, a sort) get a `move` per element that
  /// left its place, then the diffs of changed elements. Otherwise the common prefix and suffix
  /// are kept, the middle becomes `remove` operations (from the end backwards) and `add`
  /// operations, and changed elements of the prefix and suffix get their own diffs. When the
  /// middle is more than half the collection, one `replace` of the whole collection is cheaper
  /// to store and to apply, unless `replacesWhole` is `false`.
  /// `ids` are the identities of the old and new elements, `nil` for a positional array;
  /// `oldPosition` finds an id among the old ones (an identified array's own index), where
  /// `nil` makes the diff build a table of them.
  static func diff<Element: Equatable & Encodable, ID: Hashable>(
    old: [Element], new: [Element], ids: (old: [ID], new: [ID])?,
    oldPosition: ((ID) -> Int?)? = nil, at path: [String], into differ: inout StateDiffer,
    replacesWhole: Bool = true
  ) {
    let sameElement: (Int, Int) -> Bool
    if let ids {
      sameElement = { ids.old[$0] == ids.new[$1] }
    } else {
      sameElement = { old[$0] == new[$1] }
    }

    var prefix = 0
    let shorter = Swift.min(old.count, new.count)
    while prefix < shorter, sameElement(prefix, prefix) { prefix += 1 }

    if prefix == old.count, old.count == new.count {
      diffMatched(
        old: old, new: new, pairs: (0..<old.count).map { ($0, $0) }, at: path, into: &differ
      )
      return
    }

    var suffix = 0
    while suffix < shorter - prefix,
      sameElement(old.count - 1 - suffix, new.count - 1 - suffix)
    {
      suffix += 1
    }

    if let ids, old.count == new.count,
      diffReordered(
        old: old, new: new, ids: ids, oldPosition: oldPosition, at: path, into: &differ
      )
    {
      return
    }

    let removedCount = old.count - prefix - suffix
    let addedCount = new.count - prefix - suffix
    if ids == nil, removedCount == addedCount {
      // Positional arrays of the same length: diff the middle element by element.
      diffMatched(
        old: old, new: new, pairs: (0..<old.count).map { ($0, $0) }, at: path, into: &differ
      )
      return
    }
    if replacesWhole, removedCount + addedCount > Swift.max(old.count, new.count) / 2 + 1,
      removedCount > 0, addedCount > 0
    {
      differ.append(
        PendingChange(
          operation: .replace, path: path, value: PendingValue(new), oldValue: PendingValue(old)
        )
      )
      return
    }

    for index in stride(from: prefix + removedCount - 1, through: prefix, by: -1) {
      differ.append(
        PendingChange(
          operation: .remove, path: path + [String(index)], oldValue: PendingValue(old[index])
        )
      )
    }
    for index in prefix..<(prefix + addedCount) {
      differ.append(
        PendingChange(
          operation: .add, path: path + [String(index)], value: PendingValue(new[index])
        )
      )
    }
    var pairs = (0..<prefix).map { ($0, $0) }
    for offset in 0..<suffix {
      pairs.append((old.count - suffix + offset, new.count - suffix + offset))
    }
    diffMatched(old: old, new: new, pairs: pairs, at: path, into: &differ)
  }

  /// When `new` holds the identities of `old` in another order: appends the fewest `move`s
  /// (``ReorderingMoves``), then the diffs of changed elements, and returns `true`. Returns
  /// `false`, appending nothing, when the identities differ, or when applying the moves would
  /// shift more elements than a reader should (one `replace` of the whole collection then).
  private static func diffReordered<Element: Equatable & Encodable, ID: Hashable>(
    old: [Element], new: [Element], ids: (old: [ID], new: [ID]),
    oldPosition: ((ID) -> Int?)?, at path: [String], into differ: inout StateDiffer
  ) -> Bool {
    let position: (ID) -> Int?
    if let oldPosition {
      position = oldPosition
    } else {
      let table = Dictionary(zip(ids.old, ids.old.indices), uniquingKeysWith: { $1 })
      position = { table[$0] }
    }
    var sources: [Int] = []
    sources.reserveCapacity(ids.new.count)
    for id in ids.new {
      guard let index = position(id) else { return false }
      sources.append(index)
    }
    let reordering = ReorderingMoves(sources: sources)
    // `changes` follows moves one by one, shifting the places it keeps per move.
    guard reordering.movedCount * sources.count <= maximumMovedShifts else { return false }
    // Each token path is one copy of `path`, made with room for the index.
    var element = path
    element.reserveCapacity(path.count + 1)
    element.append("")
    for move in reordering.moves() {
      var from = element
      from[path.count] = String(move.from)
      var to = element
      to[path.count] = String(move.to)
      differ.append(PendingChange(operation: .move, path: to, from: from))
    }
    diffMatched(
      old: old, new: new, pairs: sources.enumerated().map { ($0.element, $0.offset) }, at: path,
      into: &differ
    )
    return true
  }

  /// The most element shifts (moved elements × the collection's count) a reorder is recorded
  /// as moves for.
  static let maximumMovedShifts = 100_000_000

  /// Diffs elements known to be the same element (same position or same id), using their new
  /// indices in the paths.
  private static func diffMatched<Element: Equatable & Encodable>(
    old: [Element], new: [Element], pairs: [(Int, Int)], at path: [String],
    into differ: inout StateDiffer
  ) {
    for (oldIndex, newIndex) in ExactEquality.pairsWithDifferentBits(old, new, at: pairs) {
      differ.diffValue(
        old[oldIndex], new[newIndex], at: path + [String(newIndex)], isObjectMember: false
      )
    }
  }
}
