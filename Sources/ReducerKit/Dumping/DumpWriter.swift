import CustomDump
import Foundation

/// Writes custom-dump's `customDump` text of a value (see ``CustomDumpText``).
struct DumpWriter {
  /// Appends the dump of `value` to `target`: `name: ` first when it has a name, and every line
  /// indented by `indent`. Below `maxDepth` containers print as `Type(…)`.
  func dump(
    _ value: Any, name: String?, nameSuffix: String = ":", indent: Int, isRoot: Bool,
    maxDepth: Int, into target: inout String
  ) throws(NeedsCustomDump) {
    let type = DumpedType.of(Swift.type(of: value))
    var out = ""

    func dumpChildren(
      of mirror: Mirror, prefix: String, suffix: String,
      filter isIncluded: (Mirror.Child) -> Bool = { _ in true },
      sortedBy areInIncreasingOrder: ((Mirror.Child, Mirror.Child) throws -> Bool)? = nil,
      map transform: (inout Mirror.Child, Int) throws(NeedsCustomDump) -> Void = { _, _ in }
    ) throws(NeedsCustomDump) {
      out += prefix
      defer { out += suffix }
      guard let first = mirror.children.first else { return }
      if mirror.isSingleValueContainer {
        var childOut = ""
        try dump(
          first.value, name: first.label, indent: 0, isRoot: false, maxDepth: maxDepth - 1,
          into: &childOut)
        if !childOut.contains("\n") {
          out += childOut
        } else if maxDepth <= 0 {
          out += "…"
        } else {
          out += "\n" + childOut.indenting(by: 2) + "\n"
        }
        return
      }
      guard maxDepth > 0 else {
        out += "…"
        return
      }
      out += "\n"
      var children = mirror.children.filter(isIncluded)
      if let areInIncreasingOrder {
        do {
          try children.sort(by: areInIncreasingOrder)
        } catch {
          throw NeedsCustomDump()
        }
      }
      for (offset, var child) in children.enumerated() {
        try transform(&child, offset)
        try dump(
          child.value, name: child.label, indent: 2, isRoot: false, maxDepth: maxDepth - 1,
          into: &out)
        if offset != children.count - 1 { out += "," }
        out += "\n"
      }
    }

    func byKeyDump(_ lhs: Mirror.Child, _ rhs: Mirror.Child) throws -> Bool {
      guard
        let (lhsKey, _) = lhs.value as? (key: AnyHashable, value: Any),
        let (rhsKey, _) = rhs.value as? (key: AnyHashable, value: Any)
      else { return false }
      return try shortDump(lhsKey.base) < shortDump(rhsKey.base)
    }

    if type.isScalar {
      try writeText()
    } else if type.isDate {
      out += DateDumpText.text(of: value as! Date)
    } else if type.isStringConvertible {
      out += (value as! any CustomDumpStringConvertible).customDumpDescription
    } else if type.needsCustomDump {
      throw NeedsCustomDump()
    } else if type.isRepresentable {
      try dump(
        (value as! any CustomDumpRepresentable).customDumpValue, name: nil, nameSuffix: "",
        indent: 0, isRoot: false, maxDepth: maxDepth, into: &out)
    } else {
      try dumpMirror()
    }

    /// The value as its mirror shows it: a container, a case, or text.
    func dumpMirror() throws(NeedsCustomDump) {
      let mirror = Mirror(dumping: value, as: type)
      switch mirror.displayStyle {
      case .class?:
        throw NeedsCustomDump()

      case .collection?:
        try dumpChildren(
          of: mirror, prefix: "[", suffix: "]",
          map: { child, offset in child.label = "[\(offset)]" })

      case .dictionary?:
        if mirror.children.isEmpty {
          out += "[:]"
        } else {
          try dumpChildren(
            of: mirror, prefix: "[", suffix: "]",
            sortedBy: type.isUnordered ? byKeyDump : nil,
            map: { child, _ throws(NeedsCustomDump) in
              guard let pair = child.value as? (key: AnyHashable, value: Any) else { return }
              var key = ""
              try dump(
                pair.key.base, name: nil, indent: 0, isRoot: false, maxDepth: maxDepth - 1,
                into: &key)
              child = (key, pair.value)
            })
        }

      case .enum?:
        out += isRoot ? "\(CustomDumpTypeName.of(mirror.subjectType))." : "."
        guard let child = mirror.children.first else {
          out += "\(value)"
          break
        }
        let childMirror = Mirror(
          dumping: child.value, as: DumpedType.of(Swift.type(of: child.value)))
        let payload =
          childMirror.displayStyle == .tuple
          ? childMirror
          : Mirror(value, unlabeledChildren: [child.value], displayStyle: .tuple)
        try dumpChildren(
          of: payload, prefix: "\(child.label ?? "@unknown")(", suffix: ")",
          map: Self.unlabelElement)

      case .optional?:
        if let wrapped = mirror.children.first?.value {
          try dump(
            wrapped, name: nil, nameSuffix: "", indent: 0, isRoot: false, maxDepth: maxDepth,
            into: &out)
        } else {
          out += "nil"
        }

      case .set?:
        try dumpChildren(
          of: mirror, prefix: "Set([", suffix: "])",
          sortedBy: type.isUnordered
            ? { lhs, rhs in try shortDump(lhs.value) < shortDump(rhs.value) } : nil)

      case .struct?:
        try dumpChildren(
          of: mirror, prefix: "\(CustomDumpTypeName.of(mirror.subjectType))(", suffix: ")",
          filter: { type.isReflectable || !($0.label?.hasPrefix("_$") ?? false) })

      case .tuple?:
        try dumpChildren(of: mirror, prefix: "(", suffix: ")", map: Self.unlabelElement)

      default:
        try writeText()
      }
    }

    /// A value without children: a string quoted, anything else as its description.
    func writeText() throws(NeedsCustomDump) {
      guard type.isString else {
        out += "\(value)"
        return
      }
      let text: any StringProtocol = value as! any StringProtocol
      let string = String(text)
      try Self.checkQuotable(string)
      out += string.customDumpQuoted(named: name != nil, maxDepth: maxDepth)
    }

    target += (name.map { "\($0)\(nameSuffix) " } ?? "").appending(out).indenting(by: indent)
  }

  /// The dump custom-dump sorts unordered keys and elements by: one level deep.
  private func shortDump(_ value: Any) throws(NeedsCustomDump) -> String {
    var text = ""
    try dump(value, name: nil, indent: 0, isRoot: false, maxDepth: 1, into: &text)
    return text
  }

  /// Drops the `.0` label of an unlabeled tuple element.
  static func unlabelElement(_ child: inout Mirror.Child, _ offset: Int) {
    if child.label?.first == "." { child.label = nil }
  }

  /// Refuses text whose quoting could differ from custom-dump's: custom-dump finds quotes,
  /// backslashes and raw-literal hashes by `Character`, this by byte, which agree on ASCII.
  static func checkQuotable(_ string: String) throws(NeedsCustomDump) {
    guard !string.utf8.allSatisfy({ $0 < 0x80 }) else { return }
    if string.utf8.contains(UInt8(ascii: "\"")) || string.utf8.contains(UInt8(ascii: "\\"))
      || string.contains(where: \.isNewline)
    {
      throw NeedsCustomDump()
    }
  }
}
