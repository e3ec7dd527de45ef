import IssueReporting
import Synchronization

/// Collects the issues code reports with IssueReporting's `reportIssue` (ReducerKit's misuse
/// warnings, a recorder that stops), instead of failing the test, so a test can check their text.
///
/// ```swift
/// let issues = IssueCollector()
/// await issues.capture { store.send(.child(.tapped)) }
/// #expect(issues.messages == ["An \"ifLet\" at …"])
/// ```
public final class IssueCollector: IssueReporter {
  private let storage = Mutex<[String]>([])

  public init() {}

  /// The messages reported so far, in order.
  public var messages: [String] { storage.withLock { $0 } }

  public func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? ""
    storage.withLock { $0.append(text) }
  }

  /// Runs `operation` with the issues it reports, and those of the tasks it starts, collected
  /// here.
  @discardableResult
  public func capture<T>(
    isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> T
  ) async rethrows -> T {
    try await withIssueReporters([self], operation: operation)
  }

  /// Runs `operation` with the issues it reports collected here.
  @discardableResult
  public func captureNow<T>(_ operation: () throws -> T) rethrows -> T {
    try withIssueReporters([self], operation: operation)
  }
}
