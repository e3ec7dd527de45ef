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
/// subscript  := '[' (INTEGER | STRING) ']'
/// ```
struct PathParser {
  private let tokens: [PathToken]
  private var position = 0

  /// A parser of `text`.
  init(_ text: String) throws(PathSyntaxError) {
    tokens = try PathTokenizer.tokens(of: text)
  }

  private var current: PathToken { tokens[position] }
  private var previous: PathToken { tokens[max(0, position - 1)] }

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

  /// Parses `[2]` or `["key"]`.
  private mutating func parseSubscript() throws(PathSyntaxError) -> ValuePath.Component {
    let open = advance()
    let component: ValuePath.Component
    switch current.kind {
    case let .number(value):
      guard value >= 0, value == value.rounded(), value <= Double(Int32.max) else {
        throw PathSyntaxError(
          "an index is a whole number from 0, not \(current.text)", column: current.column
        )
      }
      component = .index(Int(value))
    case let .string(key):
      component = .key(key)
    default:
      throw PathSyntaxError(
        "expected an index or a quoted key after '[', found \(current.quoted)",
        column: current.column
      )
    }
    _ = advance()
    guard current.isSymbol("]") else {
      throw PathSyntaxError(
        "expected ']' to close the '[' at column \(open.column), found \(current.quoted)",
        column: current.column
      )
    }
    _ = advance()
    return component
  }

  // MARK: - Predicates

  /// Parses the whole text as one predicate.
  mutating func parseWholePredicate() throws(PathSyntaxError) -> PredicateExpression {
    guard current.kind != .end else {
      throw PathSyntaxError(
        "expected a predicate such as 'count > 3 && !isLoading'", column: current.column
      )
    }
    let expression = try parseOr()
    switch current.kind {
    case .end:
      return expression
    case .symbol(")"):
      throw PathSyntaxError("unexpected ')' without a matching '('", column: current.column)
    default:
      throw PathSyntaxError(
        "unexpected \(current.quoted); expected '&&', '||', a comparison or the end",
        column: current.column
      )
    }
  }

  private mutating func parseOr() throws(PathSyntaxError) -> PredicateExpression {
    var expression = try parseAnd()
    while current.isSymbol("||") {
      let op = advance()
      expression = .or(expression, try parseAnd(after: op))
    }
    return expression
  }

  private mutating func parseAnd(after op: PathToken? = nil) throws(PathSyntaxError)
    -> PredicateExpression
  {
    var expression = try parseComparison(after: op)
    while current.isSymbol("&&") {
      let op = advance()
      expression = .and(expression, try parseComparison(after: op))
    }
    return expression
  }

  private mutating func parseComparison(after op: PathToken?) throws(PathSyntaxError)
    -> PredicateExpression
  {
    let lhs = try parseOperand(after: op)
    guard let comparison = comparisonOperator(current) else { return lhs }
    let opToken = advance()
    let rhs = try parseOperand(after: opToken)
    if comparisonOperator(current) != nil {
      throw PathSyntaxError(
        "comparisons cannot be chained; join them with '&&'", column: current.column
      )
    }
    return .comparison(comparison, lhs, rhs, column: opToken.column)
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
  private mutating func parseOperand(after op: PathToken?) throws(PathSyntaxError)
    -> PredicateExpression
  {
    let token = current
    switch token.kind {
    case .symbol("!"):
      _ = advance()
      return .not(try parseOperand(after: token))
    case .symbol("("):
      _ = advance()
      let expression = try parseOr()
      guard current.isSymbol(")") else {
        throw PathSyntaxError(
          "expected ')' to close the '(' at column \(token.column), found \(current.quoted)",
          column: current.column
        )
      }
      _ = advance()
      return expression
    case let .number(value):
      _ = advance()
      return .literal(Self.number(value, text: token.text))
    case let .string(string):
      _ = advance()
      return .literal(.string(string))
    case .identifier("true"):
      _ = advance()
      return .literal(.bool(true))
    case .identifier("false"):
      _ = advance()
      return .literal(.bool(false))
    case .identifier("nil"):
      _ = advance()
      return .literal(.null)
    case .identifier("contains"):
      throw missingValue(after: op, found: token)
    case .identifier, .symbol("["):
      return .path(try parsePath(), column: token.column)
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
