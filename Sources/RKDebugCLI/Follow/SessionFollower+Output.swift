import ReducerKitDebug

extension SessionFollower {
  /// Follows the session of `options` on standard output (`--follow`): `handle` writes what it
  /// makes of each event to the sink, which is flushed after each one, and the header line of
  /// each newer session comes before its event's lines.
  static func print(
    _ options: SessionOptions, from: Int?, json: Bool,
    _ handle: (Event, inout LineSink) throws -> Void
  ) async throws {
    let follower = SessionFollower(
      log: try options.openReadOnly(), sessionID: options.session, from: from
    )
    var sink = try LineSink(path: nil)
    try await follower.run(
      { event in
        if case let .session(reader, _, isNewer: true) = event {
          try sink.write(FollowHeader.line(reader.session, json: json))
        }
        try handle(event, &sink)
        try sink.flush()
      }, isOutputClosed: { LineSink.isStandardOutputClosed })
    try sink.finish()
  }
}
