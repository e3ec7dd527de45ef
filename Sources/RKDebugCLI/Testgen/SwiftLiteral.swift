/// A Swift expression that makes a value, laid out on one line when it fits and over several
/// when it does not: what `rkdebug testgen` writes for states and actions.
indirect enum SwiftLiteral: Equatable {
  /// Text never broken over lines: `1`, `"Milk"`, `nil`, `.red`, `UUID(uuidString: "…")!`.
  case atom(String)
  /// A call or an enum case with arguments: `Todo.State(id: …, title: "Milk")`, `.loaded(3)`.
  case call(String, [Argument])
  /// An array literal, for arrays, sets and identified arrays.
  case array([SwiftLiteral])
  /// A dictionary literal.
  case dictionary([Entry])

  /// One argument of a ``call(_:_:)``.
  struct Argument: Equatable {
    var label: String?
    var value: SwiftLiteral
  }

  /// One key and value of a ``dictionary(_:)``.
  struct Entry: Equatable {
    var key: SwiftLiteral
    var value: SwiftLiteral
  }

  /// The lines of code are at most this wide when the values allow it.
  static let width = 100

  /// The expression on one line.
  var oneLine: String {
    switch self {
    case let .atom(text):
      return text
    case let .call(callee, arguments):
      let list = arguments.map { argument in
        (argument.label.map { "\($0): " } ?? "") + argument.value.oneLine
      }
      return "\(callee)(\(list.joined(separator: ", ")))"
    case let .array(elements):
      return "[\(elements.map(\.oneLine).joined(separator: ", "))]"
    case let .dictionary(entries):
      guard !entries.isEmpty else { return "[:]" }
      let list = entries.map { "\($0.key.oneLine): \($0.value.oneLine)" }
      return "[\(list.joined(separator: ", "))]"
    }
  }

  /// The expression as code that starts after `used` columns of its first line and whose
  /// following lines are indented by `indent` spaces; `trailing` columns follow its end.
  func text(indent: Int, used: Int, trailing: Int = 0) -> String {
    let line = oneLine
    if used + line.count + trailing <= Self.width { return line }
    let inner = String(repeating: " ", count: indent + 2)
    let closing = String(repeating: " ", count: indent)
    switch self {
    case .atom:
      return line
    case let .call(callee, arguments):
      guard !arguments.isEmpty else { return line }
      let lines = arguments.enumerated().map { offset, argument in
        let label = argument.label.map { "\($0): " } ?? ""
        let comma = offset < arguments.count - 1 ? "," : ""
        let value = argument.value.text(
          indent: indent + 2, used: indent + 2 + label.count, trailing: comma.count)
        return inner + label + value + comma
      }
      return "\(callee)(\n\(lines.joined(separator: "\n"))\n\(closing))"
    case let .array(elements):
      guard !elements.isEmpty else { return line }
      let lines = elements.map {
        inner + $0.text(indent: indent + 2, used: indent + 2, trailing: 1) + ","
      }
      return "[\n\(lines.joined(separator: "\n"))\n\(closing)]"
    case let .dictionary(entries):
      guard !entries.isEmpty else { return line }
      let lines = entries.map { entry in
        let key = entry.key.oneLine + ": "
        let value = entry.value.text(indent: indent + 2, used: indent + 2 + key.count, trailing: 1)
        return inner + key + value + ","
      }
      return "[\n\(lines.joined(separator: "\n"))\n\(closing)]"
    }
  }
}
