/// Reading the log's compact operations: the `ops` column of `action_entry`
/// (see ``LogSchema/compactActions`` and docs/log-format.md).
///
/// The `action` view turns `ops` back into RFC 6902 objects with SQLite's JSON functions;
/// reading `ops` directly skips that conversion and the join with `action_text`, which is
/// what makes seeking cheap: a reconstruction needs only the patches.
extension JSONPatchOperation {
  /// Reads one compact operation: `["=", path, value, old]`, `["+", path, value]`,
  /// `["-", path, old]`, or an RFC 6902 object for an operation with no compact form.
  init(compactJSON element: JSONValue) throws(JSONPatchError) {
    guard case let .array(members) = element else {
      try self.init(jsonValue: element)
      return
    }
    let op: Kind
    switch members.first {
    case .string("=")?: op = .replace
    case .string("+")?: op = .add
    case .string("-")?: op = .remove
    default:
      throw JSONPatchError(
        reason: .malformed("a compact operation starts with \"=\", \"+\" or \"-\""))
    }
    let expected = op == .replace ? 4 : 3
    guard members.count == expected else {
      throw JSONPatchError(
        operation: op,
        reason: .malformed(
          "a compact '\(op)' has \(expected) members, not \(members.count)"))
    }
    let path = try Self.pointer(members[1], named: "path", op: op)
    switch op {
    case .replace: self.init(op: op, path: path, value: members[2], oldValue: members[3])
    case .add: self.init(op: op, path: path, value: members[2])
    default: self.init(op: op, path: path, oldValue: members[2])
    }
  }
}

extension [JSONPatchOperation] {
  /// Reads a patch from its compact JSON array, the `ops` column of `action_entry`.
  init(compactJSON value: JSONValue) throws(JSONPatchError) {
    self = try Self.reading(value, with: JSONPatchOperation.init(compactJSON:))
  }
}
