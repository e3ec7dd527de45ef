extension JSONValue {
  /// The value at `pointer`, or `nil` if there is none.
  public func value(at pointer: JSONPointer) -> JSONValue? {
    var current = self
    for token in pointer.tokens {
      switch current {
      case let .object(members):
        guard let member = members[token] else { return nil }
        current = member
      case let .array(elements):
        guard let index = Self.arrayIndex(token, count: elements.count),
          index < elements.count
        else { return nil }
        current = elements[index]
      case .null, .bool, .number, .string:
        return nil
      }
    }
    return current
  }

  /// Applies one RFC 6902 operation in place.
  ///
  /// On failure the value is left unchanged.
  public mutating func apply(_ operation: JSONPatchOperation) throws(JSONPatchError) {
    try apply(CollectionOfOne(operation), isUndoing: false, singly: true)
  }

  /// Applies the operations of an RFC 6902 patch in order, in place.
  ///
  /// The patch applies as a whole or not at all: if an operation fails, the value is restored
  /// and the error says which operation failed and why.
  public mutating func apply(_ operations: [JSONPatchOperation]) throws(JSONPatchError) {
    try apply(operations, isUndoing: false)
  }

  /// Undoes a patch that was applied to this value: undoes its operations in reverse order,
  /// using their ``JSONPatchOperation/oldValue``s.
  ///
  /// An `add` becomes a `remove` (or, if it overwrote an object member, a `replace` with the old
  /// value); a `remove` an `add` of the old value; a `replace` a `replace` with the old value; a
  /// `move` a `move` back; a `copy` a `remove`; a `test` nothing. `remove` and `replace` need
  /// their old value. Like applying a patch, it undoes all or nothing.
  public mutating func unapply(_ operations: [JSONPatchOperation]) throws(JSONPatchError) {
    try apply(operations.reversed(), isUndoing: true)
  }

  private mutating func apply(
    _ operations: some Collection<JSONPatchOperation>, isUndoing: Bool, singly: Bool = false
  ) throws(JSONPatchError) {
    var undo: [JSONPatchOperation]? = []
    var position = 0
    var index = operations.startIndex
    while index != operations.endIndex {
      let operation = operations[index]
      if operation.op == .move,
        let applied = isUndoing
          ? applyMoveRun(operations[index...].lazy.map(\.movedBack), undo: &undo)
          : applyMoveRun(operations[index...], undo: &undo)
      {
        position += applied
        index = operations.index(index, offsetBy: applied)
        continue
      }
      defer {
        position += 1
        index = operations.index(after: index)
      }
      // A primitive that fails changes nothing, so the last operation, when it is one
      // primitive (not a move, not an inverse), needs no undo record.
      var unrecorded: [JSONPatchOperation]?
      let isLastPrimitive =
        position == operations.count - 1 && !isUndoing && operation.op != .move
      do throws(Failure) {
        if isUndoing {
          for inverse in try inverses(of: operation) {
            try perform(inverse, undo: &undo)
          }
        } else if isLastPrimitive {
          try perform(operation, undo: &unrecorded)
        } else {
          try perform(operation, undo: &undo)
        }
      } catch {
        for inverse in (undo ?? []).reversed() {
          var ignored: [JSONPatchOperation]?
          try? perform(inverse, undo: &ignored)
        }
        throw JSONPatchError(
          operationIndex: singly ? nil : isUndoing ? operations.count - 1 - position : position,
          operation: operation.op, path: operation.path, isUndoing: isUndoing,
          reason: error.reason
        )
      }
    }
  }

  /// Applies the run of two or more `move`s between elements of one array that `operations`
  /// starts with, at once: the moves are worked out on the elements' positions
  /// (``BlockedPositions``), then the array takes its new order. Returns how many operations it
  /// applied, or `nil`, changing nothing, when there is no such run. The run ends before an
  /// operation of another kind or in another place, and before one that would fail, which is
  /// then applied on its own (and reports its failure).
  private mutating func applyMoveRun(
    _ operations: some Collection<JSONPatchOperation>, undo: inout [JSONPatchOperation]?
  ) -> Int? {
    guard let first = operations.first, let from = first.from, let parent = from.parent,
      let second = operations.dropFirst().first, second.isMove(within: parent),
      case let .array(elements)? = value(at: parent)
    else { return nil }
    let depth = from.tokens.count
    var positions = BlockedPositions(count: elements.count)
    var applied = 0
    for operation in operations {
      guard operation.isMove(within: parent), let from = operation.from,
        let source = Self.arrayIndex(from.tokens[depth - 1], count: positions.count),
        source < positions.count,
        let target = Self.arrayIndex(operation.path.tokens[depth - 1], count: positions.count - 1),
        target < positions.count
      else { break }
      positions.insert(positions.remove(at: source), at: target)
      applied += 1
    }
    guard applied >= 2 else { return nil }
    do throws(Failure) {
      try withParentContents(
        of: from, object: { _ throws(Failure) in },
        array: { elements throws(Failure) in
          elements = positions.order.map { elements[Int($0)] }
        }
      )
    } catch {
      return nil
    }
    undo?.append(.replace(parent, value: .array(elements)))
    return applied
  }

  /// Why an operation failed, before the patch adds which operation it was.
  fileprivate struct Failure: Error {
    var reason: JSONPatchError.Reason

    init(_ reason: JSONPatchError.Reason) {
      self.reason = reason
    }
  }

  /// Performs one operation, appending to `undo` (unless `nil`) the primitive operations that
  /// revert it.
  private mutating func perform(
    _ operation: JSONPatchOperation, undo: inout [JSONPatchOperation]?
  ) throws(Failure) {
    let path = operation.path
    switch operation.op {
    case .add:
      try add(operation.requiredValue(), at: path, undo: &undo)
    case .remove:
      _ = try remove(at: path, undo: &undo)
    case .replace:
      try replace(at: path, with: operation.requiredValue(), undo: &undo)
    case .move:
      let from = try operation.requiredFrom()
      guard from != path else {
        guard value(at: from) != nil else { throw Failure(.notFound(from)) }
        return
      }
      guard !path.hasPrefix(from) else { throw Failure(.moveIntoDescendant(from: from)) }
      let moved = try remove(at: from, undo: &undo)
      try add(moved, at: path, undo: &undo)
    case .copy:
      let from = try operation.requiredFrom()
      guard let copied = value(at: from) else { throw Failure(.notFound(from)) }
      try add(copied, at: path, undo: &undo)
    case .test:
      let expected = try operation.requiredValue()
      guard let actual = value(at: path) else { throw Failure(.notFound(path)) }
      guard actual.isEquivalent(to: expected) else {
        throw Failure(.testFailed(expected: expected, actual: actual))
      }
    }
  }

  /// The operations that undo `operation`, given its old value, on the value it produced.
  private func inverses(of operation: JSONPatchOperation) throws(Failure) -> [JSONPatchOperation] {
    let path = operation.path
    switch operation.op {
    case .add, .copy:
      if isArrayElement(path) {
        return [.remove(resolvingAppend(path))]
      }
      if let oldValue = operation.oldValue {
        return [.replace(path, value: oldValue)]
      }
      guard !path.isRoot else { throw Failure(.missingOldValue) }
      return [.remove(path)]
    case .remove:
      guard let oldValue = operation.oldValue else { throw Failure(.missingOldValue) }
      return [.add(path, value: oldValue)]
    case .replace:
      guard let oldValue = operation.oldValue else { throw Failure(.missingOldValue) }
      return [.replace(path, value: oldValue)]
    case .move:
      let from = try operation.requiredFrom()
      guard from != path else { return [] }
      var inverses: [JSONPatchOperation] = [.move(from: resolvingAppend(path), to: from)]
      if let oldValue = operation.oldValue, !isArrayElement(path) {
        inverses.append(.add(path, value: oldValue))
      }
      return inverses
    case .test:
      return []
    }
  }

  /// Whether `pointer` names an element of an array (rather than an object member or the root).
  private func isArrayElement(_ pointer: JSONPointer) -> Bool {
    guard let parent = pointer.parent, case .array? = value(at: parent) else { return false }
    return true
  }

  /// `pointer` with a final `-` of an array (its end) replaced by the index of its last element.
  private func resolvingAppend(_ pointer: JSONPointer) -> JSONPointer {
    guard pointer.lastToken == "-", let parent = pointer.parent,
      case let .array(elements)? = value(at: parent), !elements.isEmpty
    else { return pointer }
    return parent.appending(index: elements.count - 1)
  }

  // MARK: Primitive operations

  private mutating func add(
    _ value: JSONValue, at path: JSONPointer, undo: inout [JSONPatchOperation]?
  ) throws(Failure) {
    guard let key = path.lastToken else { return try replace(at: path, with: value, undo: &undo) }
    let inverse: JSONPatchOperation = try withParentContents(
      of: path,
      object: { members throws(Failure) in
        if let oldValue = members.updateValue(value, forKey: key) {
          return .replace(path, value: oldValue)
        }
        return .remove(path)
      },
      array: { elements throws(Failure) in
        guard let index = Self.arrayIndex(key, count: elements.count) else {
          throw Failure(.invalidIndex(path))
        }
        guard index <= elements.count else {
          throw Failure(.indexOutOfRange(path, count: elements.count))
        }
        elements.insert(value, at: index)
        return .remove(JSONPointer(tokens: path.tokens.dropLast() + [String(index)]))
      }
    )
    undo?.append(inverse)
  }

  private mutating func remove(
    at path: JSONPointer, undo: inout [JSONPatchOperation]?
  ) throws(Failure) -> JSONValue {
    guard let key = path.lastToken else { throw Failure(.removeRoot) }
    let removed = try withParentContents(
      of: path,
      object: { members throws(Failure) in
        guard let index = members.index(forKey: key) else { throw Failure(.notFound(path)) }
        return members.remove(at: index).value
      },
      array: { elements throws(Failure) in
        let index = try Self.existingIndex(key, in: elements, path: path)
        return elements.remove(at: index)
      }
    )
    undo?.append(.add(path, value: removed))
    return removed
  }

  private mutating func replace(
    at path: JSONPointer, with value: JSONValue, undo: inout [JSONPatchOperation]?
  ) throws(Failure) {
    guard let key = path.lastToken else {
      undo?.append(.replace(.root, value: self))
      self = value
      return
    }
    let replaced = try withParentContents(
      of: path,
      object: { members throws(Failure) in
        guard let index = members.index(forKey: key) else { throw Failure(.notFound(path)) }
        let oldValue = members.values[index]
        members.values[index] = value
        return oldValue
      },
      array: { elements throws(Failure) in
        let index = try Self.existingIndex(key, in: elements, path: path)
        let oldValue = elements[index]
        elements[index] = value
        return oldValue
      }
    )
    undo?.append(.replace(path, value: replaced))
  }

  /// Calls `object` or `array` with the members or elements of the container that holds the
  /// value at `pointer` (which is not the root), in place.
  private mutating func withParentContents<Result>(
    of pointer: JSONPointer,
    object: (inout [String: JSONValue]) throws(Failure) -> Result,
    array: (inout [JSONValue]) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withParent(of: pointer) { (container: inout JSONValue) throws(Failure) -> Result in
      try container.withContents(named: pointer.parent ?? .root, object: object, array: array)
    }
  }

  /// Calls `body` with the object or array that holds the value at `pointer` (which is not the
  /// root), in place.
  ///
  /// Each container on the way is moved out of its parent while it is changed, so changing it
  /// does not copy it.
  private mutating func withParent<Result>(
    of pointer: JSONPointer, depth: Int = 0,
    _ body: (inout JSONValue) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let tokens = pointer.tokens
    guard depth < tokens.count - 1 else { return try body(&self) }
    let token = tokens[depth]
    return try withContents(
      named: JSONPointer(tokens: Array(tokens[..<depth])),
      object: { members throws(Failure) in
        guard let index = members.index(forKey: token) else {
          throw Failure(.notFound(JSONPointer(tokens: Array(tokens[...depth]))))
        }
        return try members.values[index].withParent(of: pointer, depth: depth + 1, body)
      },
      array: { elements throws(Failure) in
        let index = try Self.existingIndex(
          token, in: elements, path: JSONPointer(tokens: Array(tokens[...depth])))
        return try elements[index].withParent(of: pointer, depth: depth + 1, body)
      }
    )
  }

  /// Calls `object` or `array` with the members or elements of this container moved out of it
  /// (so that changing them does not copy them), and puts them back; a value that is not a
  /// container, at `pointer`, is an error.
  private mutating func withContents<Result>(
    named pointer: @autoclosure () -> JSONPointer,
    object: (inout [String: JSONValue]) throws(Failure) -> Result,
    array: (inout [JSONValue]) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    switch self {
    case var .object(members):
      self = .null
      defer { self = .object(members) }
      return try object(&members)
    case var .array(elements):
      self = .null
      defer { self = .array(elements) }
      return try array(&elements)
    case .null, .bool, .number, .string:
      throw Failure(.notAContainer(pointer(), found: kindDescription))
    }
  }

  /// The index an array token names: its decimal value, or `count` for `-`; `nil` if the token
  /// is not `-`, `0` or digits without a leading zero. Too large an index is `Int.max`.
  static func arrayIndex(_ token: String, count: Int) -> Int? {
    let utf8 = token.utf8
    guard let first = utf8.first else { return nil }
    if first == UInt8(ascii: "-") {
      return utf8.count == 1 ? count : nil
    }
    guard first != UInt8(ascii: "0") || utf8.count == 1 else { return nil }
    var index = 0
    for byte in utf8 {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      let (shifted, overflow1) = index.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = shifted.addingReportingOverflow(Int(digit))
      index = overflow1 || overflow2 ? Int.max : sum
    }
    return index
  }

  /// The index of an existing element that a token names.
  private static func existingIndex(
    _ token: String, in elements: [JSONValue], path: JSONPointer
  ) throws(Failure) -> Int {
    guard let index = arrayIndex(token, count: elements.count) else {
      throw Failure(.invalidIndex(path))
    }
    guard index < elements.count else {
      throw Failure(.indexOutOfRange(path, count: elements.count))
    }
    return index
  }
}

extension JSONPatchOperation {
  /// Whether this is a `move` from a child of `parent` to a child of `parent`.
  fileprivate func isMove(within parent: JSONPointer) -> Bool {
    guard op == .move, let from else { return false }
    let depth = parent.tokens.count + 1
    return from.tokens.count == depth && path.tokens.count == depth
      && from.tokens.starts(with: parent.tokens) && path.tokens.starts(with: parent.tokens)
  }

  /// The `move` back that undoes this one (from its path to its `from`); any other operation
  /// as it is. A path `-` stays `-`, which no run takes: that move is undone on its own.
  fileprivate var movedBack: JSONPatchOperation {
    guard op == .move, let from else { return self }
    return .move(from: path, to: from)
  }

  fileprivate func requiredValue() throws(JSONValue.Failure) -> JSONValue {
    guard let value else { throw JSONValue.Failure(.malformed("'\(op)' needs a value")) }
    return value
  }

  fileprivate func requiredFrom() throws(JSONValue.Failure) -> JSONPointer {
    guard let from else { throw JSONValue.Failure(.malformed("'\(op)' needs a \"from\"")) }
    return from
  }
}
