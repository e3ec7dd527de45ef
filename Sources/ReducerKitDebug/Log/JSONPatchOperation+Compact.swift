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
    guard case let .string(symbol)? = members.first, let op = Kind(compactSymbol: symbol) else {
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

extension JSONPatchOperation.Kind {
  /// The operation a compact operation's first member names: `=`, `+` or `-`.
  init?(compactSymbol: String) {
    switch compactSymbol {
    case "=": self = .replace
    case "+": self = .add
    case "-": self = .remove
    default: return nil
    }
  }
}

extension [JSONPatchOperation] {
  /// The patch in the log's compact form, as import writes it into `ops`; `package` for the
  /// collector (RKDebugCollector), which stores the same form in PostgreSQL.
  package func compactText() throws -> String {
    try map(PendingChange.init).compactJSON(using: JSONFragmentEncoder())
  }

  /// Reads a patch from the text of its compact form (``compactText()``).
  package init(compactText text: String) throws {
    var text = text
    var pointers = JSONPointerCache()
    self = try text.withUTF8 { try Self(compactText: $0, pointers: &pointers) }
  }

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
    try self.init(compactText: utf8, keeping: { _, _ in .whole }, pointers: &pointers)
  }

  /// Reads from the UTF-8 text of the `ops` column only the operations whose kind with their
  /// `path` or `from` `keeps` reads, without building the others or the values it does not
  /// read (``JSONPatchOperation/Reading``).
  ///
  /// A text that is not all compact operations is read whole, and filtered the same way.
  init(
    compactText utf8: UnsafeBufferPointer<UInt8>, keeping keeps: JSONPatchOperation.Filter,
    pointers: inout JSONPointerCache
  ) throws {
    var parser = JSONValue.Parser(input: utf8)
    if let operations = parser.compactOperations(keeping: keeps, pointers: &pointers) {
      self = operations
    } else {
      self = try Self(compactJSON: JSONValue(parsing: utf8)).filter {
        $0.reading(by: keeps) != .none
      }
    }
  }
}

extension JSONPatchOperation {
  /// How much a read keeps of an operation of `kind` whose `path` or `from` is `pointer`: for
  /// a walk that follows only some places of the state. It must give one answer per kind and
  /// pointer for the whole walk, which reuses what it kept of a patch text met before.
  public typealias Filter = (_ kind: Kind, _ pointer: JSONPointer) -> Reading

  /// How much of an operation a walk reads.
  public enum Reading: Comparable, Sendable {
    /// Nothing: the operation is left out.
    case none
    /// Where it adds or removes a member or an element, not the values it carries, which it
    /// holds as `null`: for a walk that reads only the names and lengths there.
    case place
    /// The whole operation, its values included.
    case whole
  }

  /// The most `keeps` reads of the operation, by its kind with its `path` or its `from`.
  func reading(by keeps: JSONPatchOperation.Filter) -> Reading {
    max(keeps(op, path), from.map { keeps(op, $0) } ?? .none)
  }
}

extension JSONValue.Parser {
  /// The operations of a patch made of compact operations only, or `nil` when the text is
  /// anything else, valid or not; only those whose kind and path `keeps` reads, with the
  /// values it reads, the rest checked but not built.
  mutating func compactOperations(
    keeping keeps: JSONPatchOperation.Filter = { _, _ in .whole },
    pointers: inout JSONPointerCache
  ) -> [JSONPatchOperation]? {
    guard skip(UInt8(ascii: "[")) else { return nil }
    var operations: [JSONPatchOperation] = []
    if skip(UInt8(ascii: "]")) { return isAtEnd() ? operations : nil }
    do {
      repeat {
        guard let kind = try compactOperationHead() else { return nil }
        let path = try pointers.pointer(parsing: try parseString())
        guard skip(UInt8(ascii: ",")) else { return nil }
        let reading = keeps(kind, path)
        if reading != .whole {
          try skipValue()
          if kind == .replace {
            guard skip(UInt8(ascii: ",")) else { return nil }
            try skipValue()
          }
          guard skip(UInt8(ascii: "]")) else { return nil }
          guard reading == .place else { continue }
          switch kind {
          case .replace: operations.append(.replace(path, value: .null, oldValue: .null))
          case .add: operations.append(.add(path, value: .null))
          default: operations.append(.remove(path, oldValue: .null))
          }
          continue
        }
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

extension JSONValue.Parser {
  /// Reads past the next value, checking it: as stored (compact and sorted) without building
  /// it, or else parsed.
  fileprivate mutating func skipValue() throws(JSONParseError) {
    _ = peek()
    if canonicalValueText(depth: 2) == nil { _ = try parseValue(depth: 2) }
  }

  /// Reads the start of one compact operation, `["=",` (or `+`, `-`), up to its path string,
  /// and returns its kind; `nil` when the text is not that.
  fileprivate mutating func compactOperationHead() throws(JSONParseError)
    -> JSONPatchOperation.Kind?
  {
    guard skip(UInt8(ascii: "[")), peek() == UInt8(ascii: "\""),
      let kind = JSONPatchOperation.Kind(compactSymbol: try parseString()),
      skip(UInt8(ascii: ",")), peek() == UInt8(ascii: "\"")
    else { return nil }
    return kind
  }
}

extension JSONValue.Parser {
  /// Writes the RFC 6902 text of a patch made of compact operations only, byte for byte what
  /// `[JSONPatchOperation].serializedJSONValue()` writes for it, straight from the text: a
  /// path or value whose stored text is already what the writer would write (a number, a
  /// literal, a string without escapes) is copied, the others parsed and written.
  ///
  /// Returns `false`, leaving `writer` as it was, for any other text, valid or not: the caller
  /// then reads the patch whole, which says what is wrong with it.
  mutating func writeRFC6902(
    to writer: inout JSONValue.Writer, pointers: inout JSONPointerCache
  ) -> Bool {
    let start = writer.bytes.count
    if writeRFC6902Operations(to: &writer, pointers: &pointers) { return true }
    writer.bytes.removeSubrange(start...)
    return false
  }

  private mutating func writeRFC6902Operations(
    to writer: inout JSONValue.Writer, pointers: inout JSONPointerCache
  ) -> Bool {
    guard skip(UInt8(ascii: "[")) else { return false }
    writer.writeLiteral("[")
    if skip(UInt8(ascii: "]")) {
      writer.writeLiteral("]")
      return isAtEnd()
    }
    do {
      var first = true
      repeat {
        guard let kind = try compactOperationHead() else { return false }
        let path: (value: JSONValue?, text: UnsafeBufferPointer<UInt8>?)
        _ = peek()
        if let contents = try plainString() {
          // Checked, not parsed: its text is what `JSONPointer.description` gives back.
          guard JSONPointer.isValid(utf8: bytes(in: contents)) else { return false }
          path = (nil, bytes(in: contents.lowerBound - 1..<contents.upperBound + 1))
        } else {
          path = try valueText()
          guard case let .string(pathText)? = path.value else { return false }
          _ = try pointers.pointer(parsing: pathText)
        }
        guard skip(UInt8(ascii: ",")) else { return false }
        let value = try valueText()
        var old: (value: JSONValue?, text: UnsafeBufferPointer<UInt8>?)?
        if kind == .replace {
          guard skip(UInt8(ascii: ",")) else { return false }
          old = try valueText()
        }
        guard skip(UInt8(ascii: "]")) else { return false }
        if !first { writer.writeLiteral(",") }
        first = false
        // Members in the order `serializedJSONValue()` sorts them: old, op, path, value.
        switch kind {
        case .replace:
          writer.writeLiteral("{\"old\":")
          write(old!, to: &writer)
          writer.writeLiteral(",\"op\":\"replace\",\"path\":")
          write(path, to: &writer)
          writer.writeLiteral(",\"value\":")
          write(value, to: &writer)
        case .add:
          writer.writeLiteral("{\"op\":\"add\",\"path\":")
          write(path, to: &writer)
          writer.writeLiteral(",\"value\":")
          write(value, to: &writer)
        default:
          writer.writeLiteral("{\"old\":")
          write(value, to: &writer)
          writer.writeLiteral(",\"op\":\"remove\",\"path\":")
          write(path, to: &writer)
        }
        writer.writeLiteral("}")
      } while skip(UInt8(ascii: ","))
    } catch {
      return false
    }
    guard skip(UInt8(ascii: "]")), isAtEnd() else { return false }
    writer.writeLiteral("]")
    return true
  }

  /// The next value, with its text when ``JSONValue/Writer`` writes it the same: a number, a
  /// literal, a string without escapes (the writer escapes only what JSON requires), or an
  /// array or object of those, compact and sorted (``canonicalValueText(depth:)``), whose
  /// value is then not built (`nil`).
  private mutating func valueText() throws(JSONParseError) -> (
    value: JSONValue?, text: UnsafeBufferPointer<UInt8>?
  ) {
    _ = peek()
    if let text = canonicalValueText(depth: 2) {
      return (nil, text)
    }
    let start = position
    let value = try parseValue(depth: 2)
    switch value {
    case .null, .bool, .number:
      return (value, bytes(in: start..<position))
    case .string:
      let text = bytes(in: start..<position)
      return (value, text.contains(UInt8(ascii: "\\")) ? nil : text)
    case .array, .object:
      return (value, nil)
    }
  }

  private func write(
    _ value: (value: JSONValue?, text: UnsafeBufferPointer<UInt8>?),
    to writer: inout JSONValue.Writer
  ) {
    if let text = value.text {
      writer.writeRaw(text)
    } else if let value = value.value {
      writer.write(value)
    }
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
