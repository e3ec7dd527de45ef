extension JSONValue {
  /// The JSON Patch operations that turn `old` into `new`, as fine as the values allow, each
  /// `remove` and `replace` carrying its ``JSONPatchOperation/oldValue``.
  ///
  /// Objects are compared member by member, in key order. Arrays keep their common prefix and
  /// suffix and align the rest along a shortest edit script; each run of deleted elements and
  /// inserted elements between kept ones is diffed element by element as far as both go, and
  /// the rest of the run is removed or added. So elements changed in place (as when the arrays
  /// have the same length and no element moved) get their own fine-grained diffs, and an
  /// element inserted or removed is one `add` or `remove`. The operations apply in order.
  /// Values of different kinds, and different scalars, are one `replace`.
  ///
  /// - Parameter base: Where `old` and `new` are in their document; paths start with it.
  public static func diff(
    from old: JSONValue, to new: JSONValue, at base: JSONPointer = .root
  ) -> [JSONPatchOperation] {
    var differ = Differ(tokens: base.tokens)
    differ.diff(old, new)
    return differ.operations
  }

  /// Arrays whose differing middles need more insertions and deletions than this are diffed
  /// element by element instead of aligned.
  static let maximumAlignmentEdits = 256

  private struct Differ {
    /// The tokens of the pointer to the values being compared.
    var tokens: [String]
    var operations: [JSONPatchOperation] = []

    private var pointer: JSONPointer {
      JSONPointer(tokens: tokens)
    }

    mutating func diff(_ old: JSONValue, _ new: JSONValue) {
      switch (old, new) {
      case let (.object(oldMembers), .object(newMembers)):
        diff(oldMembers, newMembers)
      case let (.array(oldElements), .array(newElements)):
        diff(oldElements, newElements)
      default:
        if old != new {
          operations.append(.replace(pointer, value: new, oldValue: old))
        }
      }
    }

    private mutating func diff(_ old: [String: JSONValue], _ new: [String: JSONValue]) {
      var changed: [String] = []
      for (key, oldValue) in old where new[key] != oldValue {
        changed.append(key)
      }
      for key in changed.sorted(by: JSONValue.Writer.utf8Order) {
        tokens.append(key)
        if let newValue = new[key] {
          diff(old[key]!, newValue)
        } else {
          operations.append(.remove(pointer, oldValue: old[key]!))
        }
        tokens.removeLast()
      }
      guard new.count > old.count - changed.count else { return }
      var added: [String] = []
      for key in new.keys where old[key] == nil {
        added.append(key)
      }
      for key in added.sorted(by: JSONValue.Writer.utf8Order) {
        tokens.append(key)
        operations.append(.add(pointer, value: new[key]!))
        tokens.removeLast()
      }
    }

    private mutating func diff(_ old: [JSONValue], _ new: [JSONValue]) {
      let shorter = min(old.count, new.count)
      var prefix = 0
      while prefix < shorter, old[prefix] == new[prefix] {
        prefix += 1
      }
      var suffix = 0
      while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
        suffix += 1
      }
      let oldMiddle = old[prefix..<(old.count - suffix)]
      let newMiddle = new[prefix..<(new.count - suffix)]

      var steps: [EditStep]?
      if !oldMiddle.isEmpty, !newMiddle.isEmpty {
        let oldHashes = oldMiddle.map(\.hashValue)
        let newHashes = newMiddle.map(\.hashValue)
        steps = JSONValue.shortestEditScript(
          oldCount: oldMiddle.count, newCount: newMiddle.count,
          maximumEdits: JSONValue.maximumAlignmentEdits
        ) { i, j in
          oldHashes[i] == newHashes[j] && oldMiddle[prefix + i] == newMiddle[prefix + j]
        }
      }
      // Without an alignment, the whole middle is one run of changes.
      let script =
        steps
        ?? (Array(repeating: .delete, count: oldMiddle.count)
          + Array(repeating: .insert, count: newMiddle.count))

      // Before each step, the array being patched is new[..<newIndex] + old[oldIndex...].
      var oldIndex = prefix
      var newIndex = prefix
      var deletions = 0
      var insertions = 0
      func flush(_ differ: inout Differ) {
        let replacements = min(deletions, insertions)
        for _ in 0..<replacements {
          differ.diffElement(old[oldIndex], new[newIndex], at: newIndex)
          oldIndex += 1
          newIndex += 1
        }
        for _ in replacements..<deletions {
          differ.tokens.append(String(newIndex))
          differ.operations.append(.remove(differ.pointer, oldValue: old[oldIndex]))
          differ.tokens.removeLast()
          oldIndex += 1
        }
        for _ in replacements..<insertions {
          differ.tokens.append(String(newIndex))
          differ.operations.append(.add(differ.pointer, value: new[newIndex]))
          differ.tokens.removeLast()
          newIndex += 1
        }
        deletions = 0
        insertions = 0
      }
      for step in script {
        switch step {
        case .keep:
          flush(&self)
          oldIndex += 1
          newIndex += 1
        case .delete:
          deletions += 1
        case .insert:
          insertions += 1
        }
      }
      flush(&self)
    }

    private mutating func diffElement(_ old: JSONValue, _ new: JSONValue, at index: Int) {
      tokens.append(String(index))
      diff(old, new)
      tokens.removeLast()
    }
  }
}
