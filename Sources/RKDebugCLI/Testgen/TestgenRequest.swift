/// What `rkdebug testgen` was asked to write.
struct TestgenRequest {
  /// The actions the test reproduces; `nil` for a session with no actions.
  var range: ClosedRange<Int>?
  /// The name of the test function.
  var testName: String
  /// The log's file name, for the header comment.
  var logName: String
  /// Whether the test imports the feature's module with `@testable import`, for a feature
  /// whose types are internal (an app's own).
  var testableImport = false
}

/// A generated test file and what the person who asked for it should know about it.
struct GeneratedTest {
  /// The Swift source.
  var source: String
  /// Things the test cannot reproduce exactly, one line each.
  var warnings: [String]
}
