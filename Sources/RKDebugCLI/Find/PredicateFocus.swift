import ReducerKitDebug

/// The places of a state a predicate reads, and the patch operations that may change what it
/// reads there: a scan applies those alone, and its state, out of date elsewhere, gives the
/// same answers as the whole state would.
///
/// A path reads whole the value at its base (the pointer ``PathHistory`` follows for it). On
/// its way there from the root it reads only the objects it passes through: their member
/// names (a misspelt name, an enum's single case, `count`) and the members it takes. So an
/// operation at, under or above a base, or on a member of an object on the way to one (a
/// member added or removed), is kept; any other changes only a value no path reads.
struct PredicateFocus {
  /// Where each path of the predicate reads the whole value.
  let bases: [JSONPointer]

  /// The focus of `predicate` on the states of a session that starts with `initialState`.
  init(_ predicate: Predicate, in initialState: JSONValue) {
    bases = predicate.paths.map { path in
      PathHistory.narrowed(PathHistory.split(path, in: initialState), in: initialState).0
    }
  }

  /// Whether an operation whose `path` or `from` is `pointer` may change what the predicate
  /// reads.
  func keeps(_ pointer: JSONPointer) -> Bool {
    let tokens = pointer.tokens
    return bases.contains { base in
      // At or under the base; or above it, or a member of an object on the way to it.
      tokens.starts(with: base.tokens) || base.tokens.starts(with: tokens.dropLast())
    }
  }

  /// Whether `operation` reads a value the scan may hold out of date: a `move` or `copy`
  /// from outside every base. The state must then be rebuilt.
  func needsWholeState(_ operation: JSONPatchOperation) -> Bool {
    guard let from = operation.from else { return false }
    return !bases.contains { from.hasPrefix($0) }
  }
}
