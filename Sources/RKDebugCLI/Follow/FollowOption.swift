import ArgumentParser

/// `--follow`: keep printing a session's actions as another process records them
/// (``SessionFollower``), for `log` and `changes`.
struct FollowOption: ParsableArguments {
  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Keep printing the actions as another process records them, until the session ends.",
      discussion: """
        Starts after the last action recorded so far, or at --from, and prints each new \
        action within about 50 ms of its commit: the log is polled, reading only the actions \
        not printed yet, and never written. Stops when the session ends, on Ctrl-C, or when \
        the output is closed. Without --session it follows the newest session and, when a \
        newer one starts, moves to it after a header line ('==> session 4 (counter) <==', or \
        with --json a line {"session":4,"feature":"counter"}).
        """
    )
  )
  var follow = false
}

extension FollowOption {
  /// Refuses `--to` with `--follow`, which prints until the session ends.
  func validate(with range: IndexRangeOptions) throws {
    if follow, range.to != nil {
      throw ValidationError("--follow prints until the session ends; it takes no --to")
    }
  }
}
