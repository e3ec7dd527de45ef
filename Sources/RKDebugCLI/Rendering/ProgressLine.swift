import Foundation

/// A progress line on standard error for long work over actions (`replaying 12000/100000
/// actions`), shown only when standard error is a terminal and the work is long enough to
/// need it.
final class ProgressLine {
  private let label: String
  /// Whether the line is shown at all.
  let isShown: Bool
  /// When the line was last written; `nil` until the first update, which is shown at once.
  private var lastUpdate: ContinuousClock.Instant?
  private var hasWritten = false

  /// How many actions the work needs before progress is shown.
  static let threshold = 20_000

  /// Progress for `total` units of work described by `label` (`replaying`).
  init(label: String, total: Int) {
    self.label = label
    self.isShown = total >= Self.threshold && isatty(STDERR_FILENO) == 1
  }

  /// Progress for a command that writes `total` actions to standard output (`log`,
  /// `export`): as ``init(label:total:)``, and never when that output is piped to another
  /// program, which may share the terminal (`rkdebug log | less`).
  static func ofOutput(label: String, total: Int) -> ProgressLine {
    let progress = ProgressLine(label: label, total: total)
    guard progress.isShown, !Terminal.isOutputPipe else {
      return ProgressLine(label: label, total: 0)
    }
    return progress
  }

  /// Shows `done` of `total`: the first time at once, then at most ten times a second.
  func update(_ done: Int, _ total: Int) {
    guard isShown else { return }
    let now = ContinuousClock.now
    if let lastUpdate, now - lastUpdate < .milliseconds(100) { return }
    lastUpdate = now
    hasWritten = true
    let percent = total > 0 ? done * 100 / total : 100
    FileHandle.standardError.write(Data("\r\(label) \(done)/\(total) actions (\(percent)%)".utf8))
  }

  /// Clears the line.
  func finish() {
    clear()
  }

  /// Clears the line until the next update, so output on the same terminal starts on a clean
  /// line.
  func clear() {
    guard hasWritten else { return }
    hasWritten = false
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }
}
