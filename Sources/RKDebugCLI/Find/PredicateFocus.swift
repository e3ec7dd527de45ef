import ReducerKitDebug

/// The places of a state a predicate reads, and the patch operations that may change what it
/// reads there: a scan applies those alone, and its state, out of date elsewhere, gives the
/// same answers as the whole state would.
///
/// A path that starts with a name reads, from the root, only the root's member names (a
/// misspelt name, an enum's single case, `count`) and the member it names, which it may read
/// anywhere inside: how deep it goes and where (an enum's `_0` or not) depends on each state.
/// So an operation at, under or above that member, or on any member of the root (one added or
/// removed), is kept; any other changes only a value no path reads. A path that starts with
/// anything else reads the whole state.
struct PredicateFocus {
  /// The members of the root the predicate reads, each a pointer of one token; the root
  /// itself for a path that does not start with a name.
  let bases: [JSONPointer]

  /// The focus of `predicate`.
  init(_ predicate: Predicate) {
    bases = predicate.paths.map { path in
      guard case let .key(name)? = path.components.first else { return JSONPointer(tokens: []) }
      return JSONPointer(tokens: [name])
    }
  }

  /// Whether an operation whose `path` or `from` is `pointer` may change what the predicate
  /// reads.
  func keeps(_ pointer: JSONPointer) -> Bool {
    // The root, a member of it, or a place at or under a base.
    pointer.tokens.count <= 1 || bases.contains { pointer.hasPrefix($0) }
  }

  /// Whether `operation` reads a value the scan may hold out of date: a `move` or `copy`
  /// from outside every base. The state must then be rebuilt.
  func needsWholeState(_ operation: JSONPatchOperation) -> Bool {
    guard let from = operation.from else { return false }
    return !bases.contains { from.hasPrefix($0) }
  }
}
