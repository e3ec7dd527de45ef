import ReducerKitDebug

/// A condition on a state, written Swift-style: `todos.count > 3 && !isLoading`,
/// `todos[0].title contains "milk" || filter == "completed"`.
///
/// ```swift
/// let predicate = try Predicate(parsing: "count >= 10 && fact != nil")
/// if try predicate.evaluate(in: state) { … }
/// ```
///
/// - Operands: paths (``ValuePath``), numbers (`3`, `-2.5`), strings (`"milk"` or `'milk'`),
///   `true`, `false`, `nil`. A bare operand means "is truthy": `true`, a number other than 0,
///   a non-empty string, array or object.
/// - `==`, `!=`: numbers by value, arrays and objects member by member; a string equals an enum
///   case it names (`status == "loading"` holds for `{"loading":{}}`). A path through a missing
///   optional is `nil`.
/// - `<`, `<=`, `>`, `>=`: numbers with numbers, strings with strings; false when either side
///   is `nil`.
/// - `contains`: a substring of a string, an element of an array, a member name of an object;
///   false on `nil`.
/// - `!`, `&&`, `||` and parentheses, with Swift's precedence (`!` binds to its operand).
public struct Predicate: Hashable, Sendable, CustomStringConvertible {
  /// The text the predicate was parsed from.
  public let text: String
  let expression: PredicateExpression

  /// Parses a predicate.
  ///
  /// - Throws: ``PathSyntaxError`` with the column where it went wrong:
  ///   `expected a value after '==' at column 12`.
  public init(parsing text: String) throws(PathSyntaxError) {
    var parser = try PathParser(text)
    self.text = text
    self.expression = try parser.parseWholePredicate()
  }

  /// Whether the predicate holds for `state`.
  ///
  /// - Throws: ``PathEvaluationError`` for a misspelt name (with the nearest member) or a
  ///   comparison of values that cannot be ordered (a string `<` a number).
  public func evaluate(in state: JSONValue) throws -> Bool {
    try value(of: expression, in: state).isTruthy
  }

  /// The text it was parsed from.
  public var description: String { text }

  /// The paths the predicate reads, in the order they are written.
  public var paths: [ValuePath] { expression.paths }

  /// The value of an expression: the value of a path or literal, or a Boolean.
  private func value(
    of expression: PredicateExpression, in state: JSONValue
  ) throws(PathEvaluationError) -> JSONValue {
    switch expression {
    case let .literal(value):
      return value
    case let .path(path, _):
      switch try path.lookup(in: state) {
      case let .found(value): return value
      case .absent: return .null
      }
    case let .not(operand):
      return .bool(!(try value(of: operand, in: state).isTruthy))
    case let .and(lhs, rhs):
      guard try value(of: lhs, in: state).isTruthy else { return .bool(false) }
      return .bool(try value(of: rhs, in: state).isTruthy)
    case let .or(lhs, rhs):
      if try value(of: lhs, in: state).isTruthy { return .bool(true) }
      return .bool(try value(of: rhs, in: state).isTruthy)
    case let .comparison(op, lhs, rhs, column):
      let left = try value(of: lhs, in: state)
      let right = try value(of: rhs, in: state)
      return .bool(try compare(op, left, right, column: column))
    }
  }

  private func compare(
    _ op: PredicateExpression.Operator, _ lhs: JSONValue, _ rhs: JSONValue, column: Int
  ) throws(PathEvaluationError) -> Bool {
    switch op {
    case .equal:
      return lhs.predicateEquals(rhs)
    case .notEqual:
      return !lhs.predicateEquals(rhs)
    case .contains:
      switch (lhs, rhs) {
      case (.null, _), (_, .null):
        return false
      case let (.string(string), .string(part)):
        return string.contains(part)
      case let (.array(elements), element):
        return elements.contains { $0.predicateEquals(element) }
      case let (.object(members), .string(key)):
        return members[key] != nil
      default:
        throw PathEvaluationError(
          "'contains' at column \(column) needs a string, an array or an object on its left "
            + "(and a string for a string or an object), not \(lhs.kindName) and "
            + "\(rhs.kindName)"
        )
      }
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      let order: Int
      switch (lhs, rhs) {
      case (.null, _), (_, .null):
        return false
      case let (.number(left), .number(right)):
        guard let left = Double(left), let right = Double(right) else { return false }
        order = left < right ? -1 : left > right ? 1 : 0
      case let (.string(left), .string(right)):
        order = left < right ? -1 : left > right ? 1 : 0
      default:
        throw PathEvaluationError(
          "'\(op.rawValue)' at column \(column) cannot order \(lhs.kindName) and "
            + "\(rhs.kindName); it orders numbers with numbers and strings with strings"
        )
      }
      switch op {
      case .less: return order < 0
      case .lessOrEqual: return order <= 0
      case .greater: return order > 0
      default: return order >= 0
      }
    }
  }
}
