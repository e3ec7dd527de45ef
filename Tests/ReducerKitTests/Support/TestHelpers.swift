import ReducerKit
import ReducerKitTestSupport
import Synchronization

/// Collects the issues ReducerKit reports with `reportIssue` while `body` runs (including those
/// reported by effect tasks started inside it), instead of failing the test.
///
/// - Returns: The value `body` returned and the issues' messages, in the order reported.
func withRuntimeWarnings<T>(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> T
) async rethrows -> (value: T, warnings: [String]) {
  let issues = IssueCollector()
  let value = try await issues.capture(body)
  return (value, issues.messages)
}

/// A thread-safe flag for `withObservationTracking`'s `onChange`.
final class Flag: Sendable {
  private let storage = Mutex(false)

  func set() { storage.withLock { $0 = true } }

  var isSet: Bool { storage.withLock { $0 } }
}

/// A thread-safe list of lines, for printers and observers.
final class Lines: Sendable {
  private let storage = Mutex<[String]>([])

  func append(_ line: String) {
    storage.withLock { $0.append(line) }
  }

  var all: [String] {
    storage.withLock { $0 }
  }
}

/// A thread-safe box for a value shared with `@Sendable` closures in tests.
final class Locked<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  init(_ value: Value) {
    storage = Mutex(value)
  }

  var value: Value {
    storage.withLock { $0 }
  }

  func withLock<T: Sendable>(_ body: (inout Value) -> T) -> T {
    storage.withLock { body(&$0) }
  }
}
