import ReducerKitTesting
import Synchronization

/// Collects the failures ReducerKitTesting reports while a test runs, instead of failing the
/// test, so the test can check their messages (works under XCTest and Swift Testing).
final class FailureCollector: Sendable {
  private let storage = Mutex<[TestFailure]>([])

  /// The failures reported so far.
  var failures: [TestFailure] { storage.withLock { $0 } }

  /// Their messages.
  var messages: [String] { failures.map(\.message) }

  /// Runs `operation` with every ReducerKitTesting failure collected here.
  @MainActor
  func capture(_ operation: () async throws -> Void) async rethrows {
    let reporter = TestFailureReporter { [self] failure in
      storage.withLock { $0.append(failure) }
    }
    try await TestFailureReporter.$current.withValue(reporter) {
      try await operation()
    }
  }
}
