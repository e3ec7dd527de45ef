import ReducerKit
import Synchronization

/// The recorder's tape: collects what the reducer reads through `recordedInput(_:_:)` while one
/// action is reduced, for the action's row in the log.
final class RecordedReadLog: RecordedInputTape {
  private let reads = Mutex<[RecordedRead]>([])

  func value<Value: Codable & Sendable>(named name: String, live: () -> Value) -> Value {
    let value = live()
    reads.withLock { $0.append(RecordedRead(name: name, value: value)) }
    return value
  }

  /// The reads since the last call, in order.
  func take() -> [RecordedRead] {
    reads.withLock { reads in
      guard !reads.isEmpty else { return [] }
      defer { reads.removeAll() }
      return reads
    }
  }
}
