import Foundation
import ReducerKitDebug

/// A recursive-descent parser of paths and predicates over ``PathToken``s.
///
/// The grammar, loosest first:
///
/// ```
/// predicate  := or END
/// or         := and ('||' and)*
/// and        := comparison ('&&' comparison)*
/// comparison := operand (('==' | '!=' | '<' | '<=' | '>' | '>=' | 'contains') operand)?
/// operand    := '!' operand | '(' or ')' | NUMBER | STRING | 'true' | 'false' | 'nil' | path
/// path       := (NAME | subscript) ('.' NAME | subscript)*
/// subscript  := '[' (INTEGER | STRING | 'id' ':' (INTEGER | STRING)) ']'
/// ```
///
/// A predicate nests at most ``InputLimits/maximumDepth`` levels deep (parentheses, `!`, and
/// each `&&` or `||` of a chain, which nests the syntax tree one level further): deeper input
/// is refused with an error rather than overflowing the stack here, or when the tree is
/// evaluated or released.
struct PathParser {
  private let tokens: [PathToken]
  private var position = 0
  /// How many `(` and `!` enclose the operand being parsed.
  private var nesting = 0

  /// A parser of `text`.
  init(_ text: String) throws(PathSyntaxError) {
    tokens = try PathTokenizer.tokens(of: text)
  }

  private var current: PathToken { tokens[position] }
  private var previous: PathToken { tokens[max(0, position - 1)] }

  /// Takes the `close` symbol that ends the bracket `open`, or throws naming both.
  private mutating func takeClosing(
    _ close: String, of open: PathToken
  ) throws(PathSyntaxError) {
    guard current.isSymbol(close) else {
      throw PathSyntaxError(
        "expected '\(close)' to close the '\(open.text)' at column \(open.column), found "
          + current.quoted,
        column: current.column
      )
    }
    _ = advance()
  }

  private mutating func advance() -> PathToken {
    let token = tokens[position]
    if position < tokens.count - 1 { position += 1 }
    return token
  }

  private static let keywords: Set<String> = ["true", "false", "nil", "contains"]

  // MARK: - Paths

  /// Parses the whole text as one path.
  mutating func parseWholePath() throws(PathSyntaxError) -> ValuePath {
    guard current.kind != .end else {
      throw PathSyntaxError(
        "expected a path such as 'todos[2].title'", column: current.column
      )
    }
    let path = try parsePath()
    guard current.kind == .end else {
      throw PathSyntaxError(
        "unexpected \(current.quoted) after the path; expected '.name' or '[index]'",
        column: current.column
      )
    }
    return path
  }

  /// Parses a path starting at the current token, which is a name or `[`.
  private mutating func parsePath() throws(PathSyntaxError) -> ValuePath {
    var components: [ValuePath.Component] = []
    switch current.kind {
    case let .identifier(name):
      _ = advance()
      components.append(.key(name))
    case .symbol("["):
      components.append(try parseSubscript())
    default:
      throw PathSyntaxError(
        "expected a property name, found \(current.quoted)", column: current.column
      )
    }
    while true {
      if current.isSymbol(".") {
        let dot = advance()
        guard case let .identifier(name) = current.kind else {
          throw PathSyntaxError(
            "expected a property name after '.' (column \(dot.column)), found \(current.quoted)",
            column: current.column
          )
        }
        _ = advance()
        components.append(.key(name))
      } else if current.isSymbol("[") {
        components.append(try parseSubscript())
      } else {
        return ValuePath(components: components)
      }
    }
  }

  /// Parses `[2]`, `["key"]` or `[id: 3]`.
  private mutating func parseSubscript() throws(PathSyntaxError) -> ValuePath.Component {
    let open = advance()
    var isID = false
    if case .identifier("id") = current.kind, tokens[position + 1].isSymbol(":") {
      isID = true
      _ = advance()
      _ = advance()
    }
    let component: ValuePath.Component
    switch current.kind {
    case let .number(value) where isID:
      guard value == value.rounded(), abs(value) <= 9_007_199_254_740_991 else {
        throw PathSyntaxError(
          "an id is a whole number or a string, not \(current.text)", column: current.column
        )
      }
      component = .id(.number(String(Int(value))))
    case let .number(value):
      guard value >= 0, value == value.rounded(), value <= Double(Int32.max) else {
        throw PathSyntaxError(
          "an index is a whole number from 0, not \(current.text)", column: current.column
        )
      }
      component = .index(Int(value))
    case let .string(text):
      component = isID ? .id(.string(text)) : .key(text)
    default:
      let expected =
        isID ? "a number or a quoted string after 'id:'" : "an index or a quoted key after '['"
      throw PathSyntaxError(
        "expected \(expected), found \(current.quoted)", column: current.column
      )
    }
    _ = advance()
    try takeClosing("]", of: open)
    return component
  }

  // MARK: - Predicates

  /// A parsed predicate and the depth of its syntax tree (a path or literal is 1).
  private typealias Parsed = (expression: PredicateExpression, depth: Int)

  /// Parses the whole text as one predicate.
  mutating func parseWholePredicate() throws(PathSyntaxError) -> PredicateExpression {
    guard current.kind != .end else {
      throw PathSyntaxError(
        "expected a predicate such as 'count > 3 && !isLoading'", column: current.column
      )
    }
    let parsed = try parseJoined()
    switch current.kind {
    case .end:
      return parsed.expression
    case .symbol(")"):
      throw PathSyntaxError("unexpected ')' without a matching '('", column: current.column)
    default:
      throw PathSyntaxError(
        "unexpected \(current.quoted); expected '&&', '||', a comparison or the end",
        column: current.column
      )
    }
  }

  /// One left-associative level of `||` (joining `&&`s) or of `&&` (joining comparisons).
  private mutating func parseJoined(
    by symbol: String = "||", after op: PathToken? = nil
  ) throws(PathSyntaxError) -> Parsed {
    let join = symbol == "||" ? PredicateExpression.or : PredicateExpression.and
    var parsed = try parseJoinedOperand(of: symbol, after: op)
    while current.isSymbol(symbol) {
      let op = advance()
      let rhs = try parseJoinedOperand(of: symbol, after: op)
      parsed = (join(parsed.expression, rhs.expression), max(parsed.depth, rhs.depth) + 1)
      try checkDepth(parsed.depth, at: op)
    }
    return parsed
  }

  private mutating func parseJoinedOperand(
    of symbol: String, after op: PathToken?
  ) throws(PathSyntaxError) -> Parsed {
    symbol == "||" ? try parseJoined(by: "&&", after: op) : try parseComparison(after: op)
  }

  private mutating func parseComparison(after op: PathToken?) throws(PathSyntaxError) -> Parsed {
    let lhs = try parseOperand(after: op)
    guard let comparison = comparisonOperator(current) else { return lhs }
    let opToken = advance()
    let rhs = try parseOperand(after: opToken)
    if comparisonOperator(current) != nil {
      throw PathSyntaxError(
        "comparisons cannot be chained; join them with '&&'", column: current.column
      )
    }
    let depth = max(lhs.depth, rhs.depth) + 1
    try checkDepth(depth, at: opToken)
    return (.comparison(comparison, lhs.expression, rhs.expression, column: opToken.column), depth)
  }

  /// Throws when a syntax tree of `depth` levels, or the `(` and `!` around the token, nest
  /// deeper than ``InputLimits/maximumDepth``.
  private func checkDepth(_ depth: Int, at token: PathToken) throws(PathSyntaxError) {
    guard depth > InputLimits.maximumDepth || nesting > InputLimits.maximumDepth else { return }
    throw PathSyntaxError(
      "nested too deeply: predicates nest at most \(InputLimits.maximumDepth) levels "
        + "(each '(', '!', '&&' and '||' is one)",
      column: token.column
    )
  }

  private func comparisonOperator(_ token: PathToken) -> PredicateExpression.Operator? {
    switch token.kind {
    case let .symbol(symbol):
      return PredicateExpression.Operator(rawValue: symbol).flatMap { $0 == .contains ? nil : $0 }
    case .identifier("contains"):
      return .contains
    default:
      return nil
    }
  }

  /// Parses an operand; `op` is the operator before it, for the message when it is missing.
  private mutating func parseOperand(after op: PathToken?) throws(PathSyntaxError) -> Parsed {
    let token = current
    switch token.kind {
    case .symbol("!"):
      _ = advance()
      nesting += 1
      defer { nesting -= 1 }
      try checkDepth(nesting, at: token)
      let operand = try parseOperand(after: token)
      try checkDepth(operand.depth + 1, at: token)
      return (.not(operand.expression), operand.depth + 1)
    case .symbol("("):
      _ = advance()
      nesting += 1
      defer { nesting -= 1 }
      try checkDepth(nesting, at: token)
      let parsed = try parseJoined()
      try takeClosing(")", of: token)
      return parsed
    case let .number(value):
      _ = advance()
      return (.literal(Self.number(value, text: token.text)), 1)
    case let .string(string):
      _ = advance()
      return (.literal(.string(string)), 1)
    case .identifier("true"):
      _ = advance()
      return (.literal(.bool(true)), 1)
    case .identifier("false"):
      _ = advance()
      return (.literal(.bool(false)), 1)
    case .identifier("nil"):
      _ = advance()
      return (.literal(.null), 1)
    case .identifier("contains"):
      throw missingValue(after: op, found: token)
    case .identifier, .symbol("["):
      return (.path(try parsePath(), column: token.column), 1)
    default:
      throw missingValue(after: op, found: token)
    }
  }

  private func missingValue(after op: PathToken?, found token: PathToken) -> PathSyntaxError {
    let found = token.kind == .end ? "" : ", found \(token.quoted)"
    if let op {
      return PathSyntaxError("expected a value after '\(op.text)'\(found)", column: token.column)
    }
    return PathSyntaxError(
      "expected a path, a number, a string, true, false or nil\(found)", column: token.column
    )
  }

  /// A number literal as a JSON number.
  private static func number(_ value: Double, text: String) -> JSONValue {
    let digits = text.replacingOccurrences(of: "_", with: "")
    if let integer = Int(digits) { return JSONValue(integer) }
    return JSONValue(value) ?? .number(digits)
  }
}
