import ReducerKit
import ReducerKitDebug

/// The difference between two JSON states, printed the way swift-custom-dump's `diff` prints
/// the difference between the Swift values they encode: the root named after the state type,
/// `-` lines for the old values, `+` lines for the new ones, unchanged properties abbreviated
/// and runs of unchanged array elements collapsed to `… (N unchanged)`.
///
/// ```
///   Todos.State(
///     filter: "all",
///     todos: [
///       [0]: (
///         id: "5A0C…",
/// -       isComplete: false,
/// +       isComplete: true,
///         title: "Milk"
///       ),
///       … (2 unchanged)
///     ]
///   )
/// ```
///
/// It is what `rkdebug changes` prints for a session whose feature is not registered, and what
/// `rkdebug diff` prints.
struct JSONDiffRenderer {
  private let dumper: JSONDump

  /// A renderer whose root is named `stateTypeName`, a full Swift type name as logged
  /// (`ReducerKitSamples.Counter.State` prints as `Counter.State`).
  init(stateTypeName: String) {
    dumper = JSONDump(rootTypeName: SwiftTypeName.short(stateTypeName))
  }

  /// The diff, or `nil` when the values are equal. Lines are not terminated by a final newline.
  func diff(from old: JSONValue, to new: JSONValue) -> String? {
    guard !old.isEquivalent(to: new) else { return nil }
    var text = diffHelp(
      old, new, lhsName: nil, rhsName: nil, separator: "", indent: 0, isRoot: true
    )
    if text.last == "\n" { text.removeLast() }
    return text
  }

  private static let first = "- "
  private static let second = "+ "
  private static let both = "  "

  private typealias Child = ChildrenDiff<JSONValue, Never>.Child

  // A port of custom-dump's `diffHelp`, with JSON shapes in place of mirrors.
  private func diffHelp(
    _ lhs: JSONValue, _ rhs: JSONValue, lhsName: String?, rhsName: String?, separator: String,
    indent: Int, isRoot: Bool
  ) -> String {
    let rhsName = rhsName ?? lhsName
    if lhsName == rhsName, lhs.isEquivalent(to: rhs) {
      return dumper.dump(lhs, name: rhsName, indent: indent, isRoot: isRoot, maxDepth: 0)
        .appending(separator)
        .indenting(with: Self.both)
    }

    var out = ""
    func diffEverything() {
      let lhsDump = dumper.dump(lhs, name: lhsName, indent: indent, isRoot: isRoot) + separator
      let rhsDump = dumper.dump(rhs, name: rhsName, indent: indent, isRoot: isRoot) + separator
      out += lhsDump.indenting(with: Self.first) + "\n"
      out += rhsDump.indenting(with: Self.second)
    }

    func diffChildren(
      _ lhsChildren: [Child], _ rhsChildren: [Child], prefix: String, suffix: String,
      collapseUnchanged: Bool, isCollection: Bool
    ) {
      // custom-dump prints a container of one scalar whole, on one line. (It also drops the
      // separator after it; this keeps it, so the lists stay well punctuated.)
      if !isCollection, Self.isOneScalar(lhsChildren) || Self.isOneScalar(rhsChildren) {
        return diffEverything()
      }
      ChildrenDiff<JSONValue, Never>(
        lhs: lhsChildren, rhs: rhsChildren, collapsesUnchanged: collapseUnchanged
      ).write(
        name: rhsName, prefix: prefix, suffix: suffix, separator: separator, indent: indent,
        into: &out,
        isSameChild: isCollection
          ? { $0.value.isEquivalent(to: $1.value) } : { $0.label == $1.label },
        isUnchanged: { $0.value.isEquivalent(to: $1.value) },
        relabel: isCollection ? { child, offset in child.label = "[\(offset)]" } : { _, _ in },
        dump: { child, indent, maxDepth in
          dumper.dump(
            child.value, name: child.label, indent: indent, isRoot: false, maxDepth: maxDepth)
        },
        diff: { lhs, rhs, separator, indent in
          diffHelp(
            lhs.value, rhs.value, lhsName: lhs.label, rhsName: rhs.label, separator: separator,
            indent: indent, isRoot: false)
        })
    }

    switch (JSONDump.shape(of: lhs), JSONDump.shape(of: rhs)) {
    case let (.structure(lhsChildren), .structure(rhsChildren)):
      let (lhsChildren, rhsChildren) = Self.fillingAbsentMembers(lhsChildren, rhsChildren)
      diffChildren(
        lhsChildren, rhsChildren, prefix: "\(isRoot ? dumper.rootTypeName : "")(", suffix: ")",
        collapseUnchanged: false, isCollection: false
      )
    case let (.collection(lhsElements), .collection(rhsElements)):
      diffChildren(
        lhsElements.map { (label: nil, value: $0) }, rhsElements.map { (label: nil, value: $0) },
        prefix: "[", suffix: "]", collapseUnchanged: true, isCollection: true
      )
    case let (.enumCase(lhsCase, lhsValues), .enumCase(rhsCase, rhsValues))
    where lhsCase == rhsCase:
      let typeName = isRoot ? dumper.rootTypeName : ""
      diffChildren(
        lhsValues, rhsValues,
        prefix: "\(typeName).\(lhsCase)(", suffix: ")", collapseUnchanged: false,
        isCollection: false
      )
    default:
      diffEverything()
    }
    return out
  }

  /// Whether children are one scalar: custom-dump's single-value container.
  private static func isOneScalar(_ children: [Child]) -> Bool {
    guard children.count == 1, case .scalar = JSONDump.shape(of: children[0].value) else {
      return false
    }
    return true
  }

  /// Both member lists with the members only one side has added to the other as `nil`:
  /// synthesized `Codable` leaves out `nil` optionals, which custom-dump prints as `nil`.
  private static func fillingAbsentMembers(
    _ lhs: [Child], _ rhs: [Child]
  ) -> ([Child], [Child]) {
    let lhsLabels = Set(lhs.compactMap(\.label))
    let rhsLabels = Set(rhs.compactMap(\.label))
    guard lhsLabels != rhsLabels else { return (lhs, rhs) }
    func filled(_ children: [Child], _ labels: Set<String>, adding missing: Set<String>)
      -> [Child]
    {
      (children + missing.subtracting(labels).map { (label: $0, value: JSONValue.null) })
        .sorted { ($0.label ?? "").utf8.lexicographicallyPrecedes(($1.label ?? "").utf8) }
    }
    return (
      filled(lhs, lhsLabels, adding: rhsLabels), filled(rhs, rhsLabels, adding: lhsLabels)
    )
  }
}
