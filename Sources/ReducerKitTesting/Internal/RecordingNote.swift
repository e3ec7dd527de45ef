import Foundation
import ReducerKitDebug
import Testing

/// A log a ``TestStore``'s reducer records into, and how to point a failing test's reader at
/// the session: the lines added to failure messages, and the Swift Testing attachments.
///
/// `Sendable` and lock-free to use from any thread: the end-of-test checks run in the store's
/// `deinit`, which may run off the main actor.
final class RecordingNote: Sendable {
  let log: ActionLog
  /// The sessions the log held before the store was made: the store's session is a new one.
  private let sessionsBefore: Set<Int64>
  private let isAttached = Latch()

  init(log: ActionLog) {
    self.log = log
    self.sessionsBefore =
      log.path == nil ? [] : Set(((try? log.sessions()) ?? []).map(\.id))
  }

  /// The logs recorded into by `reducer`: found by looking through the reducer's stored
  /// properties (with `Mirror`) for the `ActionLog` of a `recording(to:)` middleware, so a
  /// store built with `Feature().recording(to: log.actionLog)` names the file too.
  static func logs(in reducer: Any) -> [ActionLog] {
    var found: [ActionLog] = []
    var visited: Set<ObjectIdentifier> = []
    func visit(_ value: Any, depth: Int) {
      if let log = value as? ActionLog {
        if !found.contains(where: { $0 === log }) { found.append(log) }
        return
      }
      guard depth < 8 else { return }
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .class:
        guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
      case .collection, .dictionary, .set:
        // Collections are data, not middleware: skip them rather than walk their elements.
        return
      default:
        break
      }
      for child in mirror.children.prefix(64) { visit(child.value, depth: depth + 1) }
    }
    visit(reducer, depth: 0)
    return found
  }

  /// The lines added to a failure message, naming the file and the command that opens the
  /// session; `nil` for an in-memory log. Commits the log first so the file holds everything.
  func text() -> String? {
    guard let path = log.path else { return nil }
    try? log.flush()
    let new = ((try? log.sessions()) ?? []).filter { !sessionsBefore.contains($0.id) }
    var command = "rkdebug log --db \(TestLog.shellQuoted(path))"
    if new.count == 1 { command += " --session \(new[0].id)" }
    return """
      The store's session is recorded in \(path)
        \(command)
      """
  }

  /// Attaches the log file to the current Swift Testing test, once (the runner keeps
  /// attachments with `--attachments-path`).
  func attachIfNeeded() {
    guard Test.current != nil, let path = log.path, !isAttached.isOpen else { return }
    isAttached.set()
    let name = URL(fileURLWithPath: path).lastPathComponent
    for suffix in ["", "-wal"] {
      guard let data = FileManager.default.contents(atPath: path + suffix) else { continue }
      Attachment.record([UInt8](data), named: name + suffix)
    }
  }
}
