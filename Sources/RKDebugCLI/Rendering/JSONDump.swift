import ReducerKit
import ReducerKitDebug

/// Prints a JSON value the way swift-custom-dump prints the Swift value it encodes, as far as
/// JSON allows: objects as `(label: value, …)` (the root as `TypeName(…)`), arrays as
/// `[[0]: …]`, enum cases (`{"loaded":{"_0":3}}`) as `.loaded(3)`, `null` as `nil`, strings
/// quoted.
///
/// ```
/// Todos.State(
///   filter: "all",
///   todos: [
///     [0]: (
///       id: "5A0C…",
///       isComplete: false,
///       title: "Milk"
///     )
///   ]
/// )
/// ```
///
/// `maxDepth` abbreviates nested values as custom-dump does: `(…)`, `[…]`.
struct JSONDump {
  /// The short type name of the root value (`Counter.State`), or empty.
  var rootTypeName: String

  /// The shape of a JSON value, as custom-dump would see the Swift value.
  enum Shape {
    /// An object: a struct.
    case structure([(label: String?, value: JSONValue)])
    /// An array.
    case collection([JSONValue])
    /// An enum case with its associated values (unlabeled `_0`, `_1`, …).
    case enumCase(String, [(label: String?, value: JSONValue)])
    /// `null`, a Boolean, a number or a string.
    case scalar
  }

  /// How custom-dump would see `value`.
  static func shape(of value: JSONValue) -> Shape {
    switch value {
    case let .array(elements):
      return .collection(elements)
    case let .object(members):
      if members.count == 1, let (name, payload) = members.first,
        case let .object(associated) = payload, name.isSwiftIdentifier,
        associated.keys.allSatisfy(isPositionalLabel)
      {
        let values = associated.sorted { position($0.key) < position($1.key) }
          .map { (label: String?.none, value: $0.value) }
        return .enumCase(name, values)
      }
      return .structure(
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
          .map { (label: label(for: $0.key), value: $0.value) }
      )
    case .null, .bool, .number, .string:
      return .scalar
    }
  }

  /// A member name as a label: as is when it is an identifier, quoted otherwise.
  static func label(for key: String) -> String {
    key.isSwiftIdentifier ? key : JSONValue.string(key).serialized()
  }

  private static func isPositionalLabel(_ key: String) -> Bool {
    key.hasPrefix("_") && Int(key.dropFirst()) != nil
  }

  private static func position(_ key: String) -> Int {
    Int(key.dropFirst()) ?? 0
  }

  /// The dump of `value`, named `name` (`name: value`), indented by `indent` spaces.
  func dump(
    _ value: JSONValue, name: String? = nil, nameSuffix: String = ":", indent: Int = 0,
    isRoot: Bool = true, maxDepth: Int = .max
  ) -> String {
    var out = ""
    func dumpChildren(
      _ children: [(label: String?, value: JSONValue)], prefix: String, suffix: String
    ) {
      out += prefix
      if !children.isEmpty {
        if isSingleValueContainer(children) {
          let child = dump(
            children[0].value, name: children[0].label, indent: 0, isRoot: false,
            maxDepth: maxDepth - 1
          )
          if child.contains("\n") {
            out += maxDepth <= 0 ? "…" : "\n" + child.indenting(by: 2) + "\n"
          } else {
            out += child
          }
        } else if maxDepth <= 0 {
          out += "…"
        } else {
          out += "\n"
          for (offset, child) in children.enumerated() {
            out += dump(
              child.value, name: child.label, indent: 2, isRoot: false, maxDepth: maxDepth - 1
            )
            if offset != children.count - 1 { out += "," }
            out += "\n"
          }
        }
      }
      out += suffix
    }

    switch Self.shape(of: value) {
    case let .structure(children):
      dumpChildren(children, prefix: "\(isRoot ? rootTypeName : "")(", suffix: ")")
    case let .collection(elements):
      dumpChildren(
        elements.enumerated().map { (label: "[\($0.offset)]", value: $0.element) },
        prefix: "[", suffix: "]"
      )
    case let .enumCase(caseName, associated):
      out += isRoot && !rootTypeName.isEmpty ? "\(rootTypeName)." : "."
      if associated.isEmpty {
        out += caseName
      } else {
        dumpChildren(associated, prefix: "\(caseName)(", suffix: ")")
      }
    case .scalar:
      out += Self.scalar(value, named: name != nil, maxDepth: maxDepth)
    }
    return (name.map { "\($0)\(nameSuffix) " } ?? "").appending(out).indenting(by: indent)
  }

  /// Whether a list of children is one scalar, printed inside the parentheses.
  private func isSingleValueContainer(_ children: [(label: String?, value: JSONValue)]) -> Bool {
    guard children.count == 1, case .scalar = Self.shape(of: children[0].value) else {
      return false
    }
    return true
  }

  /// A scalar as custom-dump prints the Swift value.
  static func scalar(_ value: JSONValue, named: Bool = false, maxDepth: Int = .max) -> String {
    switch value {
    case .null: return "nil"
    case let .bool(bool): return bool ? "true" : "false"
    case let .number(text): return text
    case let .string(string): return string.customDumpQuoted(named: named, maxDepth: maxDepth)
    case .array, .object: return value.serialized()
    }
  }
}
