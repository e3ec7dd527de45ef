import ReducerKitDebug

extension SessionFollower {
  /// Follows the session of `options` on standard output (`--follow`): `handle` writes what it
  /// makes of each batch of actions to the sink, which is flushed after each one, and the header
  /// line of each newer session comes before its lines. `handle` may keep what it builds up
  /// over a session (column widths, the state walked so far) as a `PerSession`, which starts
  /// at `nil` for each session followed.
  static func print<PerSession>(
    _ options: SessionOptions, from: Int?, json: Bool, keeping _: PerSession.Type,
    _ handle: (
      SessionReader, [LoggedAction], _ perSession: inout PerSession?, inout LineSink
    ) throws -> Void
  ) async throws {
    var perSession: PerSession?
    let follower = SessionFollower(
      log: try ActionLog.readOnly(path: try options.log.localPath(for: "--follow")),
      sessionID: options.session, from: from
    )
    var sink = try LineSink(path: nil)
    try await follower.run(
      { event in
        switch event {
        case .session(let reader, _, let isNewer):
          perSession = nil
          if isNewer { try sink.write(FollowHeader.line(reader.session, json: json)) }
        case .actions(let reader, let actions):
          try handle(reader, actions, &perSession, &sink)
        }
        try sink.flush()
      }, isOutputClosed: { LineSink.isStandardOutputClosed })
    try sink.finish()
  }
}
