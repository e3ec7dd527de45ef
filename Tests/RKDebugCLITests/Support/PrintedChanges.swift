import Foundation
import ReducerKit
import Testing

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

  /// Expects `changes`, the text of `rkdebug changes`, to hold what was printed here entry by
  /// entry, as bytes, apart from its entries of shared changes made outside an action (which
  /// `_printChanges()` never sees); returns how many of those there were.
  @discardableResult
  func expectEntries(
    of changes: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    let outside = "shared state changed outside an action:\n"
    let entries = changes.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    let logged = entries.filter { !$0.hasPrefix(outside) }
    let live = output.components(separatedBy: "\n\n").filter { !$0.isEmpty }
    #expect(logged.count == live.count, sourceLocation: sourceLocation)
    // Entry by entry: a mismatch names its action and shows a short difference.
    for (index, (logged, live)) in zip(logged, live).enumerated() {
      #expect(
        Array(logged.utf8) == Array(live.utf8), "action \(index + 1)",
        sourceLocation: sourceLocation)
    }
    return entries.count - logged.count
  }
}
