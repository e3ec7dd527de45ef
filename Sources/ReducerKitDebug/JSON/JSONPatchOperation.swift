import Foundation

/// One RFC 6902 JSON Patch operation, with the value it overwrites so it can be undone.
///
/// Its JSON is the standard operation object plus an `"old"` member for ``oldValue``, which
/// standard JSON Patch libraries ignore:
/// `{"op":"replace","path":"/todos/2/isComplete","value":true,"old":false}`.
public struct JSONPatchOperation: Hashable, Sendable {
  /// The operation: what it does at ``path``.
  public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Inserts ``value`` into an array, or sets an object member (replacing it if present).
    case add
    /// Removes the value.
    case remove
    /// Replaces the existing value with ``value``.
    case replace
    /// Removes the value at ``from`` and adds it at ``path``.
    case move
    /// Adds a copy of the value at ``from`` at ``path``.
    case copy
    /// Checks that the value equals ``value`` (numbers by value), failing the patch if not.
    case test
  }

  /// What the operation does.
  public var op: Kind
  /// Where it does it.
  public var path: JSONPointer
  /// The new value of `add` and `replace`, or the expected value of `test`.
  public var value: JSONValue?
  /// The source of `move` and `copy`.
  public var from: JSONPointer?
  /// The value before the operation (`"old"` in JSON): what `remove` and `replace` remove, or
  /// what `add`, `move` and `copy` overwrite in an object. Undoing needs it.
  public var oldValue: JSONValue?

  /// Creates an operation from its members, as they appear in its JSON.
  ///
  /// The members are not checked against `op` (an `add` without a `value` is accepted here and
  /// fails when applied); ``add(_:value:oldValue:)``, ``move(from:to:)`` and the other factories
  /// set exactly the members each kind needs.
  public init(
    op: Kind, path: JSONPointer, value: JSONValue? = nil, from: JSONPointer? = nil,
    oldValue: JSONValue? = nil
  ) {
    self.op = op
    self.path = path
    self.value = value
    self.from = from
    self.oldValue = oldValue
  }

  /// An `add` of `value` at `path`.
  public static func add(
    _ path: JSONPointer, value: JSONValue, oldValue: JSONValue? = nil
  ) -> JSONPatchOperation {
    JSONPatchOperation(op: .add, path: path, value: value, oldValue: oldValue)
  }

  /// A `remove` of the value at `path`, which was `oldValue`.
  public static func remove(
    _ path: JSONPointer, oldValue: JSONValue? = nil
  ) -> JSONPatchOperation {
    JSONPatchOperation(op: .remove, path: path, oldValue: oldValue)
  }

  /// A `replace` of the value at `path`, which was `oldValue`, with `value`.
  public static func replace(
    _ path: JSONPointer, value: JSONValue, oldValue: JSONValue? = nil
  ) -> JSONPatchOperation {
    JSONPatchOperation(op: .replace, path: path, value: value, oldValue: oldValue)
  }

  /// A `move` of the value at `from` to `path`.
  public static func move(from: JSONPointer, to path: JSONPointer) -> JSONPatchOperation {
    JSONPatchOperation(op: .move, path: path, from: from)
  }

  /// A `copy` of the value at `from` to `path`.
  public static func copy(from: JSONPointer, to path: JSONPointer) -> JSONPatchOperation {
    JSONPatchOperation(op: .copy, path: path, from: from)
  }

  /// A `test` that the value at `path` is `value`.
  public static func test(_ path: JSONPointer, value: JSONValue) -> JSONPatchOperation {
    JSONPatchOperation(op: .test, path: path, value: value)
  }
}

// MARK: JSON

extension JSONPatchOperation {
  /// The operation as a JSON object: `op`, `path`, and `from`, `value` and `old` when present.
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "op": .string(op.rawValue), "path": .string(path.description),
    ]
    if let from {
      members["from"] = .string(from.description)
    }
    if let value {
      members["value"] = value
    }
    if let oldValue {
      members["old"] = oldValue
    }
    return .object(members)
  }

  /// Reads an operation from its JSON object.
  ///
  /// `add`, `replace` and `test` need `value`; `move` and `copy` need `from`. Members an
  /// operation does not use are ignored, except `old`, which any operation may carry.
  public init(jsonValue: JSONValue) throws(JSONPatchError) {
    guard case let .object(members) = jsonValue else {
      throw JSONPatchError(reason: .malformed("it is \(jsonValue.kindDescription), not an object"))
    }
    guard case let .string(name)? = members["op"] else {
      throw JSONPatchError(reason: .malformed("it needs an \"op\" member holding a string"))
    }
    guard let op = Kind(rawValue: name) else {
      let kinds = Kind.allCases.map(\.rawValue).joined(separator: ", ")
      throw JSONPatchError(reason: .malformed("\"op\" is '\(name)', not one of \(kinds)"))
    }
    let path = try Self.pointer(members["path"], named: "path", op: op)
    self.init(op: op, path: path, oldValue: members["old"])
    switch op {
    case .add, .replace, .test:
      guard let value = members["value"] else {
        throw JSONPatchError(
          operation: op, path: path, reason: .malformed("'\(op)' needs a \"value\" member"))
      }
      self.value = value
    case .move, .copy:
      from = try Self.pointer(members["from"], named: "from", op: op, path: path)
    case .remove:
      break
    }
  }

  /// The JSON Pointer held by `member`, the operation's `name` member (or a compact
  /// operation's path).
  static func pointer(
    _ member: JSONValue?, named name: String, op: Kind, path: JSONPointer? = nil
  ) throws(JSONPatchError) -> JSONPointer {
    guard case let .string(text)? = member else {
      throw JSONPatchError(
        operation: op, path: path,
        reason: .malformed("'\(op)' needs a \"\(name)\" member holding a JSON Pointer"))
    }
    do {
      return try JSONPointer(parsing: text)
    } catch {
      throw JSONPatchError(
        operation: op, path: path, reason: .malformed("\"\(name)\": \(error)"))
    }
  }

  /// The compact JSON text of the operation, members in the conventional order `op`, `from`,
  /// `path`, `value`, `old`, values written as ``JSONValue/serialized(pretty:)`` writes them.
  public func serialized() -> String {
    var writer = JSONValue.Writer()
    write(to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The text of ``jsonValue``, `jsonValue.serialized()`, written without building the object:
  /// members sorted as that writes them (`from`, `old`, `op`, `path`, `value`).
  public func serializedJSONValue() -> String {
    var writer = JSONValue.Writer()
    write(to: &writer, sortedKeys: true)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// The members, in the two orders the writer writes them.
  private enum Member { case from, old, op, path, value }
  private static let sortedOrder: [Member] = [.from, .old, .op, .path, .value]
  private static let rfc6902Order: [Member] = [.op, .from, .path, .value, .old]

  /// Writes the compact JSON object, its members in RFC 6902's order (`op`, `from`, `path`,
  /// `value`, `old`), or sorted as ``jsonValue`` serializes them.
  func write(to writer: inout JSONValue.Writer, sortedKeys: Bool = false) {
    var separator: StaticString = "{"
    func member(_ key: StaticString) {
      writer.writeLiteral(separator)
      writer.writeLiteral(key)
      separator = ","
    }
    for name in sortedKeys ? Self.sortedOrder : Self.rfc6902Order {
      switch name {
      case .from: if let from { member("\"from\":"); writer.write(string: from.description) }
      case .old: if let oldValue { member("\"old\":"); writer.write(oldValue) }
      case .op: member("\"op\":"); writer.write(string: op.rawValue)
      case .path: member("\"path\":"); writer.write(string: path.description)
      case .value: if let value { member("\"value\":"); writer.write(value) }
      }
    }
    writer.writeLiteral("}")
  }
}

extension JSONPatchOperation: CustomStringConvertible {
  /// The compact JSON text.
  public var description: String {
    serialized()
  }
}

/// An operation encodes as its JSON object (``jsonValue``).
extension JSONPatchOperation: Codable {
  /// Decodes an operation object, as ``init(jsonValue:)`` reads it.
  ///
  /// - Throws: `DecodingError.dataCorrupted` describing the ``JSONPatchError`` when the value is
  ///   not a valid operation.
  public init(from decoder: any Decoder) throws {
    let json = try JSONValue(from: decoder)
    do {
      try self.init(jsonValue: json)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "\(error)"))
    }
  }

  /// Encodes the operation as its JSON object, ``jsonValue``.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }
}

// MARK: Patches

extension JSONPatchOperation {
  /// Parses a patch, a JSON array of operations; throws ``JSONParseError`` or
  /// ``JSONPatchError``.
  public static func operations(parsing text: String) throws -> [JSONPatchOperation] {
    try [JSONPatchOperation](parsing: text)
  }

  /// Parses a patch from UTF-8 JSON text; throws ``JSONParseError`` or ``JSONPatchError``.
  public static func operations(parsing data: Data) throws -> [JSONPatchOperation] {
    try [JSONPatchOperation](parsing: data)
  }
}

extension [JSONPatchOperation] {
  /// Reads a patch from its JSON array of operations.
  public init(jsonValue: JSONValue) throws(JSONPatchError) {
    self = try Self.reading(jsonValue, with: JSONPatchOperation.init(jsonValue:))
  }

  /// Reads each element of the array `value` with `operation`; an error names the index of
  /// the element it came from.
  static func reading(
    _ value: JSONValue,
    with operation: (JSONValue) throws(JSONPatchError) -> JSONPatchOperation
  ) throws(JSONPatchError) -> [JSONPatchOperation] {
    guard case let .array(elements) = value else {
      throw JSONPatchError(
        reason: .malformed("a patch is an array of operations, not \(value.kindDescription)"))
    }
    var operations: [JSONPatchOperation] = []
    operations.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      do {
        operations.append(try operation(element))
      } catch {
        var error = error
        error.operationIndex = index
        throw error
      }
    }
    return operations
  }

  /// Parses a patch from JSON text; throws ``JSONParseError`` or ``JSONPatchError``.
  public init(parsing text: String) throws {
    try self.init(jsonValue: JSONValue(parsing: text))
  }

  /// Parses a patch from UTF-8 JSON text; throws ``JSONParseError`` or ``JSONPatchError``.
  public init(parsing data: Data) throws {
    try self.init(jsonValue: JSONValue(parsing: data))
  }

  /// The patch as a JSON array of operation objects.
  public var jsonValue: JSONValue {
    .array(map(\.jsonValue))
  }

  /// The text of ``jsonValue``, `jsonValue.serialized()`, written without building it; see
  /// ``JSONPatchOperation/serializedJSONValue()``.
  public func serializedJSONValue() -> String {
    serializedArray(sortedKeys: true)
  }

  /// Writes the text of ``serializedJSONValue()`` to `writer`.
  func writeJSONValue(to writer: inout JSONValue.Writer) {
    writeArray(to: &writer, sortedKeys: true)
  }

  /// The compact JSON text of the patch; see ``JSONPatchOperation/serialized()``.
  public func serialized() -> String {
    serializedArray(sortedKeys: false)
  }

  /// A JSON array of the operations, each written as `write(to:sortedKeys:)` writes it.
  private func serializedArray(sortedKeys: Bool) -> String {
    var writer = JSONValue.Writer()
    writeArray(to: &writer, sortedKeys: sortedKeys)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  private func writeArray(to writer: inout JSONValue.Writer, sortedKeys: Bool) {
    writer.writeLiteral("[")
    for (index, operation) in enumerated() {
      if index > 0 {
        writer.writeLiteral(",")
      }
      operation.write(to: &writer, sortedKeys: sortedKeys)
    }
    writer.writeLiteral("]")
  }
}
