extension RecordedLog {
  /// A log with one ended session of ``Shelf/sampleActions`` (12 actions, effect #1 of action
  /// 6 emitting action 7), recorded under the feature name `shelf`, which the shipped
  /// `rkdebug` does not register.
  @MainActor
  static func shelf(snapshotInterval: Int = 1000) async throws -> RecordedLog {
    try await make { log in
      try await log.record(
        Shelf(), initialState: Shelf.State(), actions: Shelf.sampleActions,
        snapshotInterval: snapshotInterval
      )
    }
  }

  /// Runs `rkdebug` on this log: `arguments`, then `--db` and the log's path.
  func run(_ arguments: [String], stdin: String = "") throws -> ProcessResult {
    try RKDebugProcess.run(arguments + ["--db", path], stdin: stdin)
  }
}
