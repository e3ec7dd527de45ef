/// A path or predicate that does not parse, with the column (1-based) where it went wrong.
///
/// ```swift
/// do {
///   _ = try Predicate(parsing: "count == ")
/// } catch let error as PathSyntaxError {
///   print(error)  // expected a value after '==' at column 10
/// }
/// ```
public struct PathSyntaxError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What was expected or found, without the column.
  public let message: String
  /// The 1-based column of the character where the problem is; one past the end for a text
  /// that ends too early.
  public let column: Int

  /// An error at `column`.
  public init(_ message: String, column: Int) {
    self.message = message
    self.column = column
  }

  public var description: String {
    "\(message) at column \(column)"
  }
}
