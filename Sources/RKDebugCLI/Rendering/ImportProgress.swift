import Foundation

/// Progress of a long import on standard error, shown only when standard error is a terminal:
/// `importing: 1500/4000 actions`, rewritten in place.
struct ImportProgress {
  /// The number of actions to import.
  let total: Int
  /// Whether progress is shown.
  let isShown: Bool

  /// Progress for `total` actions; shown for more than 1000 actions on a terminal.
  init(total: Int) {
    self.total = total
    isShown = total > 1000 && isatty(STDERR_FILENO) == 1
  }

  /// Shows that `done` actions are written.
  func report(_ done: Int) {
    guard isShown else { return }
    print("\rimporting: \(done)/\(total) actions", terminator: "", to: &StandardError.stream)
  }

  /// Clears the progress line.
  func finish() {
    guard isShown else { return }
    print("\r\u{1B}[K", terminator: "", to: &StandardError.stream)
  }
}
