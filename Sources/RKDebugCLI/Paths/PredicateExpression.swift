import ReducerKitDebug

/// The syntax tree of a ``Predicate``.
indirect enum PredicateExpression: Hashable, Sendable {
  /// A comparison operator, as written.
  enum Operator: String, Hashable, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case contains = "contains"
  }

  /// A number, string, `true`, `false` or `nil` (JSON `null`).
  case literal(JSONValue)
  /// The value at a path in the state; `column` is where the path starts.
  case path(ValuePath, column: Int)
  /// `!operand`: the operand is not truthy.
  case not(PredicateExpression)
  /// `lhs && rhs`.
  case and(PredicateExpression, PredicateExpression)
  /// `lhs || rhs`.
  case or(PredicateExpression, PredicateExpression)
  /// `lhs OP rhs`; `column` is where the operator is.
  case comparison(Operator, PredicateExpression, PredicateExpression, column: Int)
}

extension PredicateExpression: CustomStringConvertible {
  /// The expression written back, fully parenthesized where it has more than one operand:
  /// `((count > 3) && !isLoading)`.
  var description: String {
    switch self {
    case let .literal(value): return value.isNull ? "nil" : value.serialized()
    case let .path(path, _): return path.description
    case let .not(operand): return "!\(operand)"
    case let .and(lhs, rhs): return "(\(lhs) && \(rhs))"
    case let .or(lhs, rhs): return "(\(lhs) || \(rhs))"
    case let .comparison(op, lhs, rhs, _): return "(\(lhs) \(op.rawValue) \(rhs))"
    }
  }
}

extension PredicateExpression {
  /// The paths the expression reads, in the order they are written.
  var paths: [ValuePath] {
    switch self {
    case .literal: return []
    case let .path(path, _): return [path]
    case let .not(operand): return operand.paths
    case let .and(lhs, rhs), let .or(lhs, rhs), let .comparison(_, lhs, rhs, _):
      return lhs.paths + rhs.paths
    }
  }
}
