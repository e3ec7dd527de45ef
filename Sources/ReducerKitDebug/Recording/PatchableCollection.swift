import IdentifiedCollections
import ReducerKit

/// A collection the recorder diffs element by element, so a change to one row is one operation
/// at `/rows/3/field` rather than a replacement of the whole collection.
protocol PatchableCollection {
  /// Appends the operations that turn `self` into `new` (a value of the same type).
  func diffElements(to new: Any, at path: [String], into differ: inout StateDiffer)
}

/// A collection whose change an ``ElementChangeJournal`` can account for.
protocol JournaledCollection {
  /// Appends the operations that turn `old` (a value of the same type) into `self` and returns
  /// `true` when the differ's journal proves which elements changed; returns `false`, appending
  /// nothing, when it does not.
  func diffJournaled(from old: Any, at path: [String], into differ: inout StateDiffer) -> Bool
}

extension Array: PatchableCollection where Element: Equatable & Encodable {
  func diffElements(to new: Any, at path: [String], into differ: inout StateDiffer) {
    guard let new = new as? Self else { return }
    CollectionDiffer.diff(old: self, new: new, identity: nil, at: path, into: &differ)
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
      for index in oldElements.indices where oldElements[index] != newElements[index] {
        differ.diffValue(
          oldElements[index], newElements[index], at: path + [String(index)],
          isObjectMember: false
        )
      }
      return
    }
    CollectionDiffer.diff(
      old: self.elements, new: new.elements,
      identity: { AnyHashable(self.ids[$0]) }, newIdentity: { AnyHashable(new.ids[$0]) },
      at: path, into: &differ
    )
  }
}

extension IdentifiedArray: JournaledCollection where Element: Equatable & Encodable {
  func diffJournaled(from old: Any, at path: [String], into differ: inout StateDiffer) -> Bool {
    guard let old = old as? Self else { return false }
    return differ.diffJournaledRows(from: old, to: self, at: path)
  }
}

/// The element-wise diff of two arrays.
enum CollectionDiffer {
  /// Diffs positionally (for plain arrays) or by identity (for identified arrays).
  ///
  /// Equal-length collections whose identities line up get one diff per changed element.
  /// Otherwise the common prefix and suffix are kept, the middle becomes `remove` operations
  /// (from the end backwards) and `add` operations, and changed elements of the prefix and
  /// suffix get their own diffs. When the middle is more than half the collection, one `replace`
  /// of the whole collection is cheaper to store and to apply.
  static func diff<Element: Equatable & Encodable>(
    old: [Element], new: [Element],
    identity: ((Int) -> AnyHashable)?, newIdentity: ((Int) -> AnyHashable)? = nil,
    at path: [String], into differ: inout StateDiffer
  ) {
    let sameElement: (Int, Int) -> Bool
    if let identity, let newIdentity {
      sameElement = { identity($0) == newIdentity($1) }
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

    let removedCount = old.count - prefix - suffix
    let addedCount = new.count - prefix - suffix
    if identity == nil, removedCount == addedCount {
      // Positional arrays of the same length: diff the middle element by element.
      diffMatched(
        old: old, new: new, pairs: (0..<old.count).map { ($0, $0) }, at: path, into: &differ
      )
      return
    }
    if removedCount + addedCount > Swift.max(old.count, new.count) / 2 + 1,
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

  /// Diffs elements known to be the same element (same position or same id), using their new
  /// indices in the paths.
  private static func diffMatched<Element: Equatable & Encodable>(
    old: [Element], new: [Element], pairs: [(Int, Int)], at path: [String],
    into differ: inout StateDiffer
  ) {
    for (oldIndex, newIndex) in pairs where old[oldIndex] != new[newIndex] {
      differ.diffValue(
        old[oldIndex], new[newIndex], at: path + [String(newIndex)], isObjectMember: false
      )
    }
  }
}
