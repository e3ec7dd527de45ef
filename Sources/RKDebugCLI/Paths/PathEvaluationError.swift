/// A path or predicate that parsed but cannot be evaluated against a state: an unknown
/// property, an index into something that is not an array, a comparison of unrelated values.
///
/// The message names where it went wrong and, for a misspelt property, the nearest one:
///
/// ```
/// no 'titel' in todos[2]; did you mean 'title'?
/// ```
public struct PathEvaluationError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The message, one line.
  public let description: String

  /// An error with a message.
  public init(_ description: String) {
    self.description = description
  }
}
