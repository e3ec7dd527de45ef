import Foundation
import Testing
import XCTest

/// Where ReducerKitTesting's helpers (``TestStore``, `assertReplays(log:session:reducer:)`)
/// report their failures.
///
/// By default (``automatic``) a failure is a Swift Testing issue when the code runs inside a
/// Swift Testing test (`Test.current != nil`), and an `XCTFail` otherwise, so the helpers work
/// under both frameworks. A test can collect failures instead, to check a helper's messages:
///
/// ```swift
/// let failures = Mutex<[TestFailure]>([])
/// let reporter = TestFailureReporter { failure in failures.withLock { $0.append(failure) } }
/// await TestFailureReporter.$current.withValue(reporter) {
///   let store = TestStore(initialState: Counter.State()) { Counter() }
///   await store.send(.increment) { $0.count = 2 }
/// }
/// // failures holds "A state change does not match expectation: …"
/// ```
///
/// Under Swift Testing, `withKnownIssue { … } matching: { … }` works as well.
public struct TestFailureReporter: Sendable {
  private let body: @Sendable (TestFailure) -> Void

  /// Creates a reporter that hands each failure to `report`.
  public init(_ report: @escaping @Sendable (TestFailure) -> Void) {
    self.body = report
  }

  /// Reports one failure.
  public func report(_ failure: TestFailure) {
    body(failure)
  }

  /// Swift Testing's `Issue.record` inside a Swift Testing test, `XCTFail` otherwise.
  ///
  /// Skipped assertions (``TestFailure/isSkippedAssertion``) become known issues under Swift
  /// Testing, and are printed to standard output under XCTest (which has no known issues on
  /// Linux).
  public static let automatic = Self { failure in
    if Test.current != nil {
      let location = SourceLocation(
        fileID: "\(failure.fileID)", filePath: "\(failure.filePath)",
        line: Int(failure.line), column: Int(failure.column)
      )
      if failure.isSkippedAssertion {
        withKnownIssue(isIntermittent: true) {
          Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
        }
      } else {
        Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
      }
    } else if failure.isSkippedAssertion {
      print("\(failure.filePath):\(failure.line): \(failure.message)")
    } else {
      XCTFail(failure.message, file: failure.filePath, line: failure.line)
    }
  }

  /// The reporter the helpers use. Replace it for a scope with
  /// `TestFailureReporter.$current.withValue(…) { … }`.
  @TaskLocal public static var current: Self = .automatic
}

/// Reports a test failure through ``TestFailureReporter/current``: a Swift Testing issue inside
/// a Swift Testing test, an `XCTFail` otherwise.
///
/// ```swift
/// guard let reader = try? log.reader() else {
///   reportTestFailure("The test log has no session.")
///   return
/// }
/// ```
///
/// - Parameters:
///   - message: What went wrong.
///   - fileID: The call site's file id.
///   - filePath: The call site's file path.
///   - line: The call site's line.
///   - column: The call site's column.
public func reportTestFailure(
  _ message: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  TestFailureReporter.current.report(
    TestFailure(
      message: message, fileID: fileID, filePath: filePath, line: line, column: column
    )
  )
}
