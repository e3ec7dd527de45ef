import Foundation

/// Values collected in order from any thread: the states or actions a wrapping test reducer
/// saw.
final class Collected<Value>: @unchecked Sendable {
  // `@unchecked`: `items` is only touched under `lock`.
  private let lock = NSLock()
  private var items: [Value] = []

  /// Everything collected so far, in order.
  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }

  func append(_ value: Value) {
    lock.lock()
    items.append(value)
    lock.unlock()
  }
}
