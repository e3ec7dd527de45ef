import ReducerKit

/// The statements of a `TestStore` assertion closure that turn one state into another, as
/// fine as the values allow: `$0.todos[id: …]?.title = "Milk"` rather than the whole state.
///
/// Structs are compared property by property, optionals through `?`, identified arrays by id
/// (with `insert(_:at:)` and `remove(id:)` for rows added or removed), arrays by index, and a
/// `@CasePathable` enum whose case stays the same through `modify(\.case) { … }`. Anything else
/// that changed is assigned whole.
struct StateAssignments {
  let literals: SwiftLiteralWriter

  /// The statements turning `old` into `new`, with `path` the expression of the value
  /// (`$0`), indented by `indent` spaces.
  func statements(from old: Any, to new: Any, at path: String, indent: Int) throws -> [String] {
    let oldLiteral = try literals.literal(old)
    let newLiteral = try literals.literal(new)
    guard oldLiteral != newLiteral else { return [] }
    let assignment = { try [self.assignment(newLiteral, to: path, indent: indent)] }
    guard SwiftLiteralWriter.leaf(new) == nil else { return try assignment() }
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    guard oldMirror.displayStyle == newMirror.displayStyle else { return try assignment() }
    switch newMirror.displayStyle {
    case .optional:
      guard let oldValue = oldMirror.children.first?.value,
        let newValue = newMirror.children.first?.value
      else { return try assignment() }
      return try statements(from: oldValue, to: newValue, at: path + "?", indent: indent)

    case .struct:
      if let old = old as? any StackStateReflecting, let new = new as? any StackStateReflecting {
        return try stackStatements(from: old, to: new, at: path, indent: indent) ?? assignment()
      }
      guard case .call = newLiteral, type(of: old) == type(of: new) else {
        return try assignment()
      }
      var lines: [String] = []
      for (oldChild, newChild) in zip(oldMirror.children, newMirror.children) {
        guard let label = SwiftLiteralWriter.propertyName(oldChild), oldChild.label == newChild.label
        else { return try assignment() }
        if let oldShared = oldChild.value as? any SharedReflecting,
          let newShared = newChild.value as? any SharedReflecting
        {
          lines += try sharedStatements(
            from: oldShared, to: newShared, at: "\(path).$\(label)", indent: indent)
          continue
        }
        lines += try statements(
          from: oldChild.value, to: newChild.value, at: "\(path).\(label)", indent: indent)
      }
      return lines

    case .collection:
      let oldElements = oldMirror.children.map(\.value)
      let newElements = newMirror.children.map(\.value)
      let name = String(reflecting: type(of: new))
      if name.hasPrefix("IdentifiedCollections.IdentifiedArray<") {
        return try identifiedStatements(
          from: oldElements, to: newElements, at: path, indent: indent
        ) ?? assignment()
      }
      guard name.hasPrefix("Swift.Array<") else { return try assignment() }
      if oldElements.count == newElements.count {
        var lines: [String] = []
        for (offset, (oldElement, newElement)) in zip(oldElements, newElements).enumerated() {
          lines += try statements(
            from: oldElement, to: newElement, at: "\(path)[\(offset)]", indent: indent)
        }
        return lines
      }
      return try assignment()

    case .enum:
      return try enumStatements(old: old, new: new, path: path, indent: indent) ?? assignment()

    default:
      return try assignment()
    }
  }

  /// `path.withLock { … }` with the statements that turn the shared value `old` holds into the
  /// one `new` holds, as TCA's tests assert a shared change: through the share, once at each
  /// place the state holds it (the statements set values, so a second place sets them again).
  /// None for a reader, which cannot change its value: its change is asserted through a share.
  private func sharedStatements(
    from old: any SharedReflecting, to new: any SharedReflecting, at path: String, indent: Int
  ) throws -> [String] {
    guard !new.isReader else { return [] }
    var inner = try statements(
      from: old.reflectedValue, to: new.reflectedValue, at: "$0", indent: indent + 2)
    guard !inner.isEmpty else { return [] }
    // One call as the closure's only statement would be its result (`remove(id:)` returns the
    // row), and `withLock` returns what its closure does: discard it.
    if inner.count == 1, !Self.isAssignment(inner[0]) { inner[0] = "_ = " + inner[0] }
    let call = (inner.contains { $0.contains("try ") } ? "try " : "") + "\(path).withLock"
    if inner.count == 1, !inner[0].contains("\n"),
      indent + call.count + inner[0].count + 6 <= SwiftLiteral.width
    {
      return ["\(call) { \(inner[0]) }"]
    }
    let pad = String(repeating: " ", count: indent + 2)
    let body = inner.map { pad + $0 }.joined(separator: "\n")
    return ["\(call) {\n\(body)\n\(String(repeating: " ", count: indent))}"]
  }

  /// Whether `statement` assigns (`$0.title = "Milk"`) rather than calls (`$0.remove(id: …)`).
  private static func isAssignment(_ statement: String) -> Bool {
    guard let equals = statement.range(of: " = ") else { return false }
    guard let call = statement.firstIndex(of: "(") else { return true }
    return equals.lowerBound < call
  }

  /// `path = literal`, laid out to fit. A path ending in `?` (an optional known to hold a
  /// value) is assigned without it.
  private func assignment(_ literal: SwiftLiteral, to path: String, indent: Int) throws -> String {
    let target = path.hasSuffix("?") ? String(path.dropLast()) : path
    let prefix = "\(target) = "
    return prefix + literal.text(indent: indent, used: indent + prefix.count)
  }

  /// The case name and the two payloads of `old` and `new`, values of a `@CasePathable` enum
  /// in the same case with one associated value; `nil` otherwise.
  private static func sameCasePayloads(_ old: Any, _ new: Any) -> (String, Any, Any)? {
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    guard new is any CasePathable, oldMirror.displayStyle == .enum,
      newMirror.displayStyle == .enum,
      let oldCase = oldMirror.children.first, let newCase = newMirror.children.first,
      let name = newCase.label, oldCase.label == name,
      Mirror(reflecting: newCase.value).displayStyle != .tuple
    else { return nil }
    return (name, oldCase.value, newCase.value)
  }

  /// `path.modify(\.case) { … }` for a `@CasePathable` enum that stays in the same case with
  /// one associated value; `nil` otherwise, and when a statement inside would need `try`
  /// (`modify`'s closure cannot throw).
  private func enumStatements(old: Any, new: Any, path: String, indent: Int) throws
    -> [String]?
  {
    guard let (name, oldPayload, newPayload) = Self.sameCasePayloads(old, new) else {
      return nil
    }
    let inner = try statements(from: oldPayload, to: newPayload, at: "$0", indent: indent + 2)
    guard !inner.contains(where: { $0.contains("try fromJSON(") }) else { return nil }
    let pad = String(repeating: " ", count: indent + 2)
    let body = inner.map { pad + $0 }.joined(separator: "\n")
    return ["\(path).modify(\\.\(name)) {\n\(body)\n\(String(repeating: " ", count: indent))}"]
  }

  /// Statements for an identified array whose rows were only changed, removed or inserted;
  /// `nil` when rows moved.
  private func identifiedStatements(
    from old: [Any], to new: [Any], at path: String, indent: Int
  ) throws -> [String]? {
    guard let oldIDs = Self.ids(old), let newIDs = Self.ids(new) else { return nil }
    let oldPositions = Dictionary(
      oldIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let newPositions = Dictionary(
      newIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = newIDs.filter { oldPositions[$0] != nil }
    // The rows both arrays have must keep their order.
    guard kept == oldIDs.filter({ newPositions[$0] != nil }) else { return nil }
    var lines: [String] = []
    for (offset, id) in oldIDs.enumerated() where newPositions[id] == nil {
      let idLiteral = try literals.literal(Self.rawID(old[offset]))
      lines.append("\(path).remove(id: \(idLiteral.oneLine))")
    }
    for (offset, id) in newIDs.enumerated() where oldPositions[id] == nil {
      let prefix = "\(path).insert("
      let suffix = ", at: \(offset))"
      let row = try literals.literal(new[offset])
      lines.append(
        prefix + row.text(indent: indent, used: indent + prefix.count, trailing: suffix.count)
          + suffix)
    }
    for (offset, id) in newIDs.enumerated() {
      guard let oldOffset = oldPositions[id] else { continue }
      let idLiteral = try literals.literal(Self.rawID(new[offset]))
      lines += try statements(
        from: old[oldOffset], to: new[offset], at: "\(path)[id: \(idLiteral.oneLine)]?",
        indent: indent)
    }
    return lines
  }

  /// Statements for a navigation stack that was popped (`pop(from:)`), pushed onto
  /// (`path[id: 3] = …`) or whose screens changed (`path[id: 1, case: \.detail]?.title = …`), as
  /// a TCA test writes them; `nil` for other changes.
  private func stackStatements(
    from old: any StackStateReflecting, to new: any StackStateReflecting, at path: String,
    indent: Int
  ) throws -> [String]? {
    let kept = old.ids.prefix { new.ids.contains($0) }
    // Screens leave from the top and arrive on top.
    guard new.ids.starts(with: kept), !old.ids.dropFirst(kept.count).contains(where: new.ids.contains)
    else { return nil }
    var lines: [String] = []
    if kept.count < old.ids.count {
      lines.append("\(path).pop(from: \(old.ids[kept.count].generation))")
    }
    let oldElements = old.reflectedElements
    let newElements = new.reflectedElements
    for offset in kept.indices {
      let element = "\(path)[id: \(kept[offset].generation)"
      // A screen that stays in its case is reached through it: `path[id: 1, case: \.detail]?`.
      if let (name, old, new) = Self.sameCasePayloads(oldElements[offset], newElements[offset]) {
        lines += try statements(
          from: old, to: new, at: "\(element), case: \\.\(name)]?", indent: indent)
      } else {
        lines += try statements(
          from: oldElements[offset], to: newElements[offset], at: element + "]?",
          indent: indent)
      }
    }
    for offset in kept.count..<new.ids.count {
      lines.append(
        try assignment(
          literals.literal(newElements[offset]),
          to: "\(path)[id: \(new.ids[offset].generation)]", indent: indent))
    }
    return lines
  }

  /// The ids of identifiable rows, or `nil` when a row is not `Identifiable`.
  private static func ids(_ rows: [Any]) -> [AnyHashable]? {
    var ids: [AnyHashable] = []
    for row in rows {
      guard let identifiable = row as? any Identifiable else { return nil }
      ids.append(identity(of: identifiable))
    }
    return ids
  }

  /// The id of an identifiable row, as its own type.
  private static func rawID(_ row: Any) -> Any {
    let identifiable = row as! any Identifiable
    return identity(of: identifiable).base
  }

  private static func identity<Row: Identifiable>(of row: Row) -> AnyHashable {
    AnyHashable(row.id)
  }
}
