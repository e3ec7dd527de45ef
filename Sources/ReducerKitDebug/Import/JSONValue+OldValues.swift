extension JSONValue {
  /// Checks the old value (`"old"`) of `operation` against this value, the state it applies to.
  ///
  /// RFC 6902 says what each operation overwrites; the old value must be exactly that, compared
  /// by JSON equivalence, so undoing the operation gives this value back:
  /// - `replace` and `remove` overwrite the value at `path`, and must record it;
  /// - `add` and `copy` overwrite the whole document at the root or an existing object member
  ///   (which they must record), and nothing when they insert into an array or add a new
  ///   member (they must record nothing);
  /// - `move` is a `remove` at `from` then an `add` at `path`;
  /// - `test` changes nothing, and its old value is not used.
  ///
  /// An operation that does not apply here (a missing path) is not judged: applying it fails
  /// with its own error.
  ///
  /// - Returns: The mismatch, or `nil` when the old value is right.
  func oldValueMismatch(
    of operation: JSONPatchOperation, actionIndex: Int
  ) -> OldValueMismatch? {
    let path = operation.path
    let overwritten: JSONValue?
    switch operation.op {
    case .replace, .remove:
      guard let actual = value(at: path) else { return nil }
      overwritten = actual
    case .add, .copy:
      overwritten = valueOverwrittenByAdding(at: path)
    case .move:
      guard let from = operation.from else { return nil }
      if from == path {
        overwritten = nil
      } else {
        var rest = self
        guard (try? rest.apply(.remove(from))) != nil else { return nil }
        overwritten = rest.valueOverwrittenByAdding(at: path)
      }
    case .test:
      return nil
    }
    switch (operation.oldValue, overwritten) {
    case (nil, nil):
      return nil
    case let (recorded?, actual?) where recorded.isEquivalent(to: actual):
      return nil
    case let (recorded, actual):
      return OldValueMismatch(
        actionIndex: actionIndex, operation: operation.op, path: path, recorded: recorded,
        actual: actual
      )
    }
  }

  /// What an `add` at `pointer` overwrites: the whole value at the root, the member of an
  /// object if it exists; nothing for an insertion into an array or a new member.
  private func valueOverwrittenByAdding(at pointer: JSONPointer) -> JSONValue? {
    guard let parent = pointer.parent, let key = pointer.lastToken else { return self }
    guard case let .object(members)? = value(at: parent) else { return nil }
    return members[key]
  }
}
