import Foundation
import ReducerKit

/// Collects what a live `_printChanges()` prints, exactly as `print` would write it.
final class PrintedChanges: @unchecked Sendable {
  private let lock = NSLock()
  private var texts: [String] = []

  /// Everything printed so far: each change's text followed by the newline `print` adds.
  var output: String {
    lock.lock()
    defer { lock.unlock() }
    return texts.map { $0 + "\n" }.joined()
  }

  /// A printer for `_printChanges(_:)` that appends here.
  func printer<State, Action>() -> _ReducerPrinter<State, Action> {
    .customDump(to: { [self] text in
      lock.lock()
      texts.append(text)
      lock.unlock()
    })
  }
}
