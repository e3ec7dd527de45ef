import Foundation
import ReducerKit
import Synchronization

/// An issue reporter that keeps the issues a recording run reports (`reportIssue`: the
/// recorder stopping on a full disk, a feature's misuse) instead of printing them as runtime
/// warnings with a `file:line:` prefix, so that `rkdebug record` says them in its own format.
final class CollectedIssues: IssueReporter, Sendable {
  private let messages = Mutex<[String]>([])

  /// The messages reported so far, in order.
  var all: [String] { messages.withLock { $0 } }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    let text = message() ?? "an issue was reported"
    messages.withLock { $0.append(text) }
  }
}
