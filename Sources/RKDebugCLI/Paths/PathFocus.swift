import ReducerKitDebug

/// The places of a state that reading some paths depends on, and the patch operations that
/// may change them: a walk applies those alone, and its state, out of date elsewhere, gives
/// the same answers to the paths as the whole state would.
///
/// A path's leading names (``ValuePath/stablePointer``) are followed member by member, each
/// name perhaps followed by an enum's `_0`, as lookup decides on each state from the names of
/// the objects it passes (a misspelt name, an enum's single case, `count`). So an operation is
/// kept when it is on that chain (the root, a member it follows, a `_0`), on a member of an
/// object of the chain (one added or removed changes those names), or at or under the chain's
/// end, whose value the rest of the path (indices, `count`) may read anywhere inside.
struct PathFocus {
  /// Where a pointer lies for one path, from the least to the most read.
  enum Place: Comparable {
    /// Nothing the path reads.
    case unread
    /// A member of an object on the chain, not on it: only its name is read.
    case member
    /// On the chain, above its end: its names and the members the chain follows are read.
    case chain
    /// At or under the chain's end: read anywhere, so held up to date whole.
    case followed
  }

  /// The leading names of each path.
  private let chains: [[String]]

  /// The focus of reading `paths`.
  init(_ paths: [ValuePath]) {
    chains = paths.map(\.stablePointer.tokens)
  }

  /// The focus of evaluating `predicate`.
  init(_ predicate: Predicate) {
    self.init(predicate.paths)
  }

  /// Where `pointer` lies for the path that reads the most there.
  func place(of pointer: JSONPointer) -> Place {
    chains.reduce(.unread) { Swift.max($0, Self.place(of: pointer.tokens, along: $1)) }
  }

  /// Whether an operation whose `path` or `from` is `pointer` may change what the paths read.
  func keeps(_ pointer: JSONPointer) -> Bool {
    place(of: pointer) != .unread
  }

  /// Whether `operation` copies a value the walk may hold out of date (from anywhere not
  /// followed whole) to a place the paths read. The state must then be rebuilt.
  func needsWholeState(_ operation: JSONPatchOperation) -> Bool {
    guard let from = operation.from else { return false }
    return place(of: from) != .followed && place(of: operation.path) >= .chain
  }

  /// Where `tokens` lie along the chain of `names`, each of which may be followed by `_0`.
  private static func place(of tokens: [String], along names: [String]) -> Place {
    // The ways the tokens so far match the chain: how many names, and whether the last token
    // was a name (so an enum's `_0` may come next).
    var matches: [(names: Int, afterName: Bool)] = [(0, false)]
    for (position, token) in tokens.enumerated() {
      var next: [(names: Int, afterName: Bool)] = []
      for match in matches {
        if match.names == names.count { return .followed }
        if token == names[match.names] { next.append((match.names + 1, true)) }
        if match.afterName, token == "_0" { next.append((match.names, false)) }
      }
      if next.isEmpty { return position == tokens.count - 1 ? .member : .unread }
      matches = next
    }
    return matches.contains { $0.names == names.count } ? .followed : .chain
  }
}
