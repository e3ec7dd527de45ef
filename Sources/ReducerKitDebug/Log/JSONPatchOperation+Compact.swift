/// Reading the log's compact operations: the `ops` column of `action_entry`, the one stored
/// form of a patch (see ``LogSchema/tables`` and docs/log-format.md). Writing them is
/// ``PendingChange``'s, for the recorder and import alike.
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

extension [JSONPatchOperation] {
  /// Reads a patch from the UTF-8 text of the `ops` column.
  ///
  /// A patch of compact operations, all a recorder writes, is read straight from the bytes,
  /// without a ``JSONValue`` for the array and each operation, and with its paths parsed once
  /// per distinct text (`pointers`). Any other text (an RFC 6902 object, a malformed patch)
  /// is parsed whole and read by ``init(compactJSON:)``, which says what is wrong with it.
  init(compactText utf8: UnsafeBufferPointer<UInt8>, pointers: inout JSONPointerCache) throws {
    var parser = JSONValue.Parser(input: utf8)
    if let operations = parser.compactOperations(pointers: &pointers) {
      self = operations
    } else {
      self = try Self(compactJSON: JSONValue(parsing: utf8))
    }
  }
}

extension JSONValue.Parser {
  /// The operations of a patch made of compact operations only, or `nil` when the text is
  /// anything else, valid or not.
  mutating func compactOperations(
    pointers: inout JSONPointerCache
  ) -> [JSONPatchOperation]? {
    guard skip(UInt8(ascii: "[")) else { return nil }
    var operations: [JSONPatchOperation] = []
    if skip(UInt8(ascii: "]")) { return isAtEnd() ? operations : nil }
    do {
      repeat {
        guard skip(UInt8(ascii: "[")), peek() == UInt8(ascii: "\"") else { return nil }
        let kind: JSONPatchOperation.Kind
        switch try parseString() {
        case "=": kind = .replace
        case "+": kind = .add
        case "-": kind = .remove
        default: return nil
        }
        guard skip(UInt8(ascii: ",")), peek() == UInt8(ascii: "\"") else { return nil }
        let path = try pointers.pointer(parsing: try parseString())
        guard skip(UInt8(ascii: ",")) else { return nil }
        let first = try parseValue(depth: 2)
        var operation: JSONPatchOperation
        switch kind {
        case .replace:
          guard skip(UInt8(ascii: ",")) else { return nil }
          operation = .replace(path, value: first, oldValue: try parseValue(depth: 2))
        case .add: operation = .add(path, value: first)
        default: operation = .remove(path, oldValue: first)
        }
        guard skip(UInt8(ascii: "]")) else { return nil }
        operations.append(operation)
      } while skip(UInt8(ascii: ","))
    } catch {
      return nil
    }
    guard skip(UInt8(ascii: "]")), isAtEnd() else { return nil }
    return operations
  }
}

/// JSON Pointers by their text, for a reader that meets the same few paths in every patch.
struct JSONPointerCache {
  private var pointers: [String: JSONPointer] = [:]

  /// The pointer `text` parses to.
  mutating func pointer(parsing text: String) throws(JSONPointerError) -> JSONPointer {
    if let pointer = pointers[text] { return pointer }
    let pointer = try JSONPointer(parsing: text)
    // Bounded: a session that writes ever new paths (rows by id) gains nothing from keeping them.
    if pointers.count >= 1024 { pointers.removeAll(keepingCapacity: true) }
    pointers[text] = pointer
    return pointer
  }
}
