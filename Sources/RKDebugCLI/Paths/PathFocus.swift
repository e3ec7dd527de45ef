import ReducerKitDebug

/// The places of a state that reading some paths depends on, and the patch operations that
/// may change them: a walk applies those alone, and its state, out of date elsewhere, gives
/// the same answers to the paths as the whole state would.
///
/// A path's leading names (`count` included, up to one that may be an array's index such as
/// `a["0"]`) are followed member by member, each perhaps followed by an enum's `_0`, as lookup
/// decides on each state from the names of the objects it passes (a misspelt name, an enum's
/// single case, `count` of an object without that member) and the length of an array it
/// counts. So an operation is kept when it is on that chain (the root, a member it follows, a
/// `_0`), when it adds, removes, moves or copies a member or an element of a value on the
/// chain (a `replace` there changes no name and no length, and the values such an operation
/// carries are not read), or when it is at or under the chain's end, whose value the rest of
/// the path (indices, ids) may read anywhere inside.
struct PathFocus {
  /// Where a pointer lies for one path, from the least to the most read.
  enum Place: Comparable {
    /// Nothing the path reads.
    case unread
    /// A member of an object on the chain, or an element of an array, not on it: only its
    /// name, or how many there are, is read.
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
    chains = paths.map { path in
      var names: [String] = []
      for component in path.components {
        // A name that is also an array's index token (`a["0"]`) may be an element, which
        // moves as its siblings come and go: the chain ends above it.
        guard case let .key(name) = component, !name.mayBeArrayIndex else { break }
        names.append(name)
      }
      return names
    }
  }

  /// The focus of evaluating `predicate`.
  init(_ predicate: Predicate) {
    self.init(predicate.paths)
  }

  /// Where `pointer` lies for the path that reads the most there.
  func place(of pointer: JSONPointer) -> Place {
    chains.reduce(.unread) { Swift.max($0, Self.place(of: pointer.tokens[...], along: $1[...])) }
  }

  /// How much of an operation of `kind` whose `path` or `from` is `pointer` may change what
  /// the paths read: at a ``Place/member`` only where it adds or removes, not its values.
  func keeps(
    _ kind: JSONPatchOperation.Kind, _ pointer: JSONPointer
  ) -> JSONPatchOperation.Reading {
    // A `test` changes nothing; where values may be out of date it would only fail.
    switch place(of: pointer) {
    case .unread: .none
    case .member: kind == .replace || kind == .test ? .none : .place
    case .chain: kind == .test ? .none : .whole
    case .followed: .whole
    }
  }

  /// Whether `operation` copies a value the walk may hold out of date (from anywhere not
  /// followed whole) to a place the paths read. The state must then be rebuilt.
  func needsWholeState(_ operation: JSONPatchOperation) -> Bool {
    guard let from = operation.from else { return false }
    return place(of: from) != .followed && place(of: operation.path) >= .chain
  }

  /// Where `tokens` lie along the chain of `names`, each of which may be followed by `_0`
  /// (`afterName`: the token before was a name, so `_0` may come next).
  private static func place(
    of tokens: ArraySlice<String>, along names: ArraySlice<String>, afterName: Bool = false
  ) -> Place {
    guard let token = tokens.first else { return names.isEmpty ? .followed : .chain }
    guard let name = names.first else { return .followed }
    // A path may spell `_0` itself: both readings of such a token are followed.
    var place = Place.unread
    var matched = false
    if token == name {
      matched = true
      place = Self.place(of: tokens.dropFirst(), along: names.dropFirst(), afterName: true)
    }
    if afterName, token == "_0" {
      matched = true
      place = Swift.max(place, Self.place(of: tokens.dropFirst(), along: names))
    }
    return matched || tokens.count > 1 ? place : .member
  }
}

extension String {
  /// Whether this, as a JSON Pointer token, may name an array's element: ASCII digits, or `-`.
  fileprivate var mayBeArrayIndex: Bool {
    self == "-" || (!isEmpty && utf8.allSatisfy { (48...57).contains($0) })
  }
}
