/// One failure a ReducerKitTesting helper reports: its message and the call site in the test.
///
/// ``TestFailureReporter/current`` receives them; by default they become Swift Testing issues
/// or XCTest failures.
public struct TestFailure: Sendable, CustomStringConvertible {
  /// The failure's text, as the test run shows it.
  public var message: String
  /// Whether this is not a failure but an assertion a non-exhaustive ``TestStore`` skipped
  /// (``Exhaustivity/off(showSkippedAssertions:)``): shown, without failing the test.
  public var isSkippedAssertion: Bool
  /// The call site's `#fileID`.
  public var fileID: StaticString
  /// The call site's `#filePath`.
  public var filePath: StaticString
  /// The call site's line.
  public var line: UInt
  /// The call site's column.
  public var column: UInt

  /// Creates a failure.
  public init(
    message: String,
    isSkippedAssertion: Bool = false,
    fileID: StaticString,
    filePath: StaticString,
    line: UInt,
    column: UInt
  ) {
    self.message = message
    self.isSkippedAssertion = isSkippedAssertion
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// The failure's ``message``.
  public var description: String { message }
}
