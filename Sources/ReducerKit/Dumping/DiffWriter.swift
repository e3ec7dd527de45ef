import CustomDump

/// Writes custom-dump's `diff` text of two values in its default format (see
/// ``CustomDumpText``).
struct DiffWriter {
  private let dumper = DumpWriter()

  /// The diff of `lhs` and `rhs`, or `nil` when custom-dump finds them equal.
  func diff(_ lhs: Any, _ rhs: Any) throws(NeedsCustomDump) -> String? {
    guard try !isDumpEqual(lhs, rhs) else { return nil }
    var text = try diff(
      lhs, rhs, lhsName: nil, rhsName: nil, separator: "", indent: 0, isRoot: true)
    if text.last == "\n" { text.removeLast() }
    return text
  }

  private static var first: String { "- " }
  private static var second: String { "+ " }
  private static var both: String { "  " }

  private func dump(
    _ value: Any, name: String?, nameSuffix: String = ":", indent: Int, isRoot: Bool,
    maxDepth: Int
  ) throws(NeedsCustomDump) -> String {
    var text = ""
    try dumper.dump(
      value, name: name, nameSuffix: nameSuffix, indent: indent, isRoot: isRoot,
      maxDepth: maxDepth, into: &text)
    return text
  }

  /// Two different scalars of one type, as the general path below prints them (both dumped
  /// whole), without the two mirrors it makes first: a mirror of an `Int` costs more than its
  /// text. A multi-line string is custom-dump's.
  private func diffScalars(
    _ lhs: Any, _ rhs: Any, type: DumpedType, lhsName: String?, rhsName: String?,
    separator: String, indent: Int
  ) throws(NeedsCustomDump) -> String {
    if type.isString,
      (lhs as! any StringProtocol).contains(where: \.isNewline)
        || (rhs as! any StringProtocol).contains(where: \.isNewline)
    {
      throw NeedsCustomDump()
    }
    let lhsDump = try dump(lhs, name: lhsName, indent: indent, isRoot: false, maxDepth: .max)
    let rhsDump = try dump(rhs, name: rhsName, indent: indent, isRoot: false, maxDepth: .max)
    return (lhsDump + separator).indenting(with: Self.first) + "\n"
      + (rhsDump + separator).indenting(with: Self.second)
  }

  private func diff(
    _ lhs: Any, _ rhs: Any, lhsName: String?, rhsName: String?, separator: String,
    indent: Int, isRoot: Bool
  ) throws(NeedsCustomDump) -> String {
    let rhsName = rhsName ?? lhsName
    if lhsName == rhsName, try isDumpEqual(lhs, rhs) {
      return try dump(lhs, name: rhsName, indent: indent, isRoot: isRoot, maxDepth: 0)
        .appending(separator)
        .indenting(with: Self.both)
    }

    let lhsType = DumpedType.of(Swift.type(of: lhs))
    if lhsType.isScalar, Swift.type(of: lhs) == Swift.type(of: rhs) {
      return try diffScalars(
        lhs, rhs, type: lhsType, lhsName: lhsName, rhsName: rhsName, separator: separator,
        indent: indent)
    }
    let lhsMirror = Mirror(dumping: lhs, as: lhsType)
    let rhsMirror = Mirror(dumping: rhs, as: DumpedType.of(Swift.type(of: rhs)))
    var out = ""

    func diffEverything() throws(NeedsCustomDump) {
      var lhsDump = try dump(lhs, name: lhsName, indent: indent, isRoot: isRoot, maxDepth: .max)
      var rhsDump = try dump(rhs, name: rhsName, indent: indent, isRoot: isRoot, maxDepth: .max)
      if lhsDump == rhsDump, lhsMirror.subjectType != rhsMirror.subjectType {
        lhsDump += " as \(CustomDumpTypeName.of(lhsMirror.subjectType))"
        rhsDump += " as \(CustomDumpTypeName.of(rhsMirror.subjectType))"
      }
      out += (lhsDump + separator).indenting(with: Self.first) + "\n"
      out += (rhsDump + separator).indenting(with: Self.second)
    }

    guard lhsMirror.subjectType == rhsMirror.subjectType else {
      try diffEverything()
      return out
    }

    func diffChildren(
      _ lhsMirror: Mirror, _ rhsMirror: Mirror, prefix: String, suffix: String,
      collapseUnchanged: Bool,
      filter isIncluded: (Mirror.Child) -> Bool = { _ in true },
      areEquivalent: (Mirror.Child, Mirror.Child) throws(NeedsCustomDump) -> Bool = {
        $0.label == $1.label
      },
      sortedBy areInIncreasingOrder: ((Mirror.Child, Mirror.Child) throws -> Bool)? = nil,
      keyed isKeyed: Bool = false,
      map transform: (inout Mirror.Child, Int) throws(NeedsCustomDump) -> Void = { _, _ in }
    ) throws(NeedsCustomDump) {
      var lhsChildren = Array(lhsMirror.children)
      var rhsChildren = Array(rhsMirror.children)

      if try isDumpEqual(lhsChildren, rhsChildren) {
        let lhsDump =
          try dump(lhs, name: lhsName, indent: indent, isRoot: false, maxDepth: 0) + separator
        let rhsDump =
          try dump(rhs, name: rhsName, indent: indent, isRoot: false, maxDepth: 0) + separator
        if lhsDump == rhsDump {
          out +=
            "// Not equal but no difference detected:".indenting(by: indent)
            .indenting(with: Self.both) + "\n"
        }
        out += lhsDump.indenting(with: Self.first) + "\n"
        out += rhsDump.indenting(with: Self.second)
        return
      }

      guard !lhsMirror.isSingleValueContainer, !rhsMirror.isSingleValueContainer else {
        out +=
          try dump(lhs, name: lhsName, indent: indent, isRoot: isRoot, maxDepth: .max)
          .indenting(with: Self.first) + "\n"
        out += try dump(rhs, name: rhsName, indent: indent, isRoot: isRoot, maxDepth: .max)
          .indenting(with: Self.second)
        return
      }

      lhsChildren.removeAll(where: { !isIncluded($0) })
      rhsChildren.removeAll(where: { !isIncluded($0) })
      do {
        if let areInIncreasingOrder {
          try lhsChildren.sort(by: areInIncreasingOrder)
          try rhsChildren.sort(by: areInIncreasingOrder)
        }
      } catch {
        throw NeedsCustomDump()
      }

      let keys = isKeyed ? ElementKeys(lhsChildren, rhsChildren) : nil
      try ChildrenDiff(
        lhs: lhsChildren, rhs: rhsChildren, collapsesUnchanged: collapseUnchanged,
        isSorted: areInIncreasingOrder != nil, keys: keys.map { ($0.lhs, $0.rhs) }
      ).write(
        name: rhsName, prefix: prefix, suffix: suffix, separator: separator, indent: indent,
        into: &out, isSameChild: areEquivalent,
        isUnchanged: { (lhs, rhs) throws(NeedsCustomDump) in try isDumpEqual(lhs, rhs) },
        relabel: transform,
        dump: { (child, indent, maxDepth) throws(NeedsCustomDump) in
          try dump(
            child.value, name: child.label, indent: indent, isRoot: false, maxDepth: maxDepth)
        },
        diff: { (lhs, rhs, separator, indent) throws(NeedsCustomDump) in
          try diff(
            lhs.value, rhs.value, lhsName: lhs.label, rhsName: rhs.label, separator: separator,
            indent: indent, isRoot: false)
        })
    }

    func byDump(_ lhs: Any, _ rhs: Any) throws -> Bool {
      try dump(lhs, name: nil, indent: 0, isRoot: false, maxDepth: 1)
        < dump(rhs, name: nil, indent: 0, isRoot: false, maxDepth: 1)
    }
    func isSameElement(
      _ lhs: Mirror.Child, _ rhs: Mirror.Child
    ) throws(NeedsCustomDump) -> Bool {
      if try isSameIdentity(lhs.value, rhs.value) { return true }
      return try isDumpEqual(lhs.value, rhs.value)
    }
    let isUnordered = lhsMirror.subjectType is any _UnorderedCollection.Type

    // Both values have the type of `lhs` from here on.
    if lhsType.isStringConvertible {
      try diffEverything()
      return out
    }
    if lhsType.needsCustomDump { throw NeedsCustomDump() }
    if lhsType.isRepresentable {
      out += try diff(
        (lhs as! any CustomDumpRepresentable).customDumpValue,
        (rhs as! any CustomDumpRepresentable).customDumpValue, lhsName: lhsName,
        rhsName: rhsName, separator: separator, indent: indent, isRoot: isRoot)
      return out
    }

    switch (lhsMirror.displayStyle, rhsMirror.displayStyle) {
    case (.class?, .class?):
      throw NeedsCustomDump()

    case (.collection?, .collection?):
      try diffChildren(
        lhsMirror, rhsMirror, prefix: "[", suffix: "]", collapseUnchanged: true,
        areEquivalent: isSameElement, keyed: true,
        map: { child, offset in child.label = "[\(offset)]" })

    case (.dictionary?, .dictionary?):
      try diffChildren(
        lhsMirror, rhsMirror, prefix: "[", suffix: "]", collapseUnchanged: true,
        areEquivalent: { (lhs, rhs) throws(NeedsCustomDump) in
          guard
            let lhs = lhs.value as? (key: AnyHashable, value: Any),
            let rhs = rhs.value as? (key: AnyHashable, value: Any)
          else { return try isDumpEqual(lhs.value, rhs.value) }
          return lhs.key == rhs.key
        },
        sortedBy: isUnordered
          ? { lhs, rhs in
            if let lhs = lhs.value as? (key: AnyHashable, value: Any),
              let rhs = rhs.value as? (key: AnyHashable, value: Any)
            {
              return try byDump(lhs.key.base, rhs.key.base)
            }
            return try byDump(lhs.value, rhs.value)
          } : nil,
        map: { child, _ throws(NeedsCustomDump) in
          guard let pair = child.value as? (key: AnyHashable, value: Any) else { return }
          child = (
            try dump(pair.key.base, name: nil, indent: 0, isRoot: false, maxDepth: 1), pair.value
          )
        })

    case (.enum?, .enum?):
      guard
        let lhsChild = lhsMirror.children.first,
        let rhsChild = rhsMirror.children.first,
        let caseName = lhsChild.label,
        caseName == rhsChild.label
      else {
        try diffEverything()
        break
      }
      func payload(of value: Any, _ child: Mirror.Child) -> Mirror {
        let mirror = Mirror(
          dumping: child.value, as: DumpedType.of(Swift.type(of: child.value)))
        return mirror.displayStyle == .tuple
          ? mirror : Mirror(value, unlabeledChildren: [child.value], displayStyle: .tuple)
      }
      let subjectType = isRoot ? CustomDumpTypeName.of(lhsMirror.subjectType) : ""
      try diffChildren(
        payload(of: lhs, lhsChild), payload(of: rhs, rhsChild),
        prefix: "\(subjectType).\(caseName)(", suffix: ")", collapseUnchanged: false,
        map: DumpWriter.unlabelElement)

    case (.optional?, .optional?):
      guard
        let lhsValue = lhsMirror.children.first?.value,
        let rhsValue = rhsMirror.children.first?.value
      else {
        try diffEverything()
        break
      }
      out += try diff(
        lhsValue, rhsValue, lhsName: lhsName, rhsName: rhsName, separator: separator,
        indent: indent, isRoot: isRoot)

    case (.set?, .set?):
      try diffChildren(
        lhsMirror, rhsMirror, prefix: "Set([", suffix: "])", collapseUnchanged: true,
        areEquivalent: isSameElement,
        sortedBy: isUnordered ? { lhs, rhs in try byDump(lhs.value, rhs.value) } : nil)

    case (.struct?, .struct?):
      try diffChildren(
        lhsMirror, rhsMirror, prefix: "\(CustomDumpTypeName.of(lhsMirror.subjectType))(",
        suffix: ")", collapseUnchanged: false,
        filter: { lhsType.isReflectable || !($0.label?.hasPrefix("_$") ?? false) })

    case (.tuple?, .tuple?):
      try diffChildren(
        lhsMirror, rhsMirror, prefix: "(", suffix: ")", collapseUnchanged: false,
        map: DumpWriter.unlabelElement)

    default:
      if lhsType.isString,
        (lhs as! any StringProtocol).contains(where: \.isNewline)
          || (rhs as! any StringProtocol).contains(where: \.isNewline)
      {
        throw NeedsCustomDump()
      }
      try diffEverything()
    }

    return out
  }
}
