import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug sessions`: the sessions of a log.
struct SessionsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sessions",
    abstract: "List the sessions of the log.",
    discussion: """
      One line per session, oldest first: its id (for --session), the feature it was \
      recorded under, when it started, how many actions and effects it holds, and whether it \
      ended (a session that never ended was still recording, or its process died).

      --feature, --since, --until, --metadata and --failed keep only the sessions that match \
      all of them; 'find --all-sessions' takes the same filters. --diverged then replays each \
      session they keep through the current reducer of its feature, as 'rkdebug replay' does, \
      and keeps those whose replay diverges from the log (--no-diverged: those it replays \
      exactly).
      """
  )

  @OptionGroup var logOptions: LogOptions
  @OptionGroup(title: "Filters") var filter: SessionFilterOptions

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Only sessions whose replay diverges from the log (--no-diverged: only the others).",
      discussion: """
        Replays every session the other filters keep; their features must be registered in \
        this rkdebug ('rkdebug features').
        """))
  var diverged: Bool?

  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    var sessions =
      if let url = logOptions.collectorURL {
        try await CollectorReplica(url: url).sessions(matching: filter.query)
      } else {
        try logOptions.openReadOnly().sessions(matching: filter.query)
      }
    if let diverged {
      // The log, or the collector's sessions each read into the cache log: opened once.
      let replica = try logOptions.collectorURL.map { try CollectorReplica(url: $0) }
      let local = replica == nil ? try logOptions.openReadOnly() : nil
      var kept: [LoggedSession] = []
      for session in sessions {
        let log = try await replica?.log(session: session.id) ?? local
        if let log, try Self.diverges(session, in: log) == diverged { kept.append(session) }
      }
      sessions = kept
    }
    output.printList(
      sessions, json: \.json,
      empty: filter.isEmpty
        ? "(no sessions in \(logOptions.logPath))"
        : "(no session in \(logOptions.logPath) matches the filters)",
      text: { Self.table($0, terminal: .current) }
    )
  }

  /// Whether the current reducer of `session`'s feature replays it differently from `log`.
  private static func diverges(_ session: LoggedSession, in log: ActionLog) throws -> Bool {
    let feature = try FeatureRegistry.feature(forSession: session)
    let replayer = try feature.erased.replayer(for: try log.reader(session: session.id))
    return try replayer.run(to: nil, skipping: [], progress: nil).divergence != nil
  }

  /// The text lines of the list.
  static func table(_ sessions: [LoggedSession], terminal: Terminal) -> [String] {
    var table = TextTable(
      header: ["ID", "FEATURE", "STARTED", "ACTIONS", "EFFECTS", "STATUS"],
      alignments: [.right, .left, .left, .right, .right, .left]
    )
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    formatter.locale = Locale(identifier: "en_US_POSIX")
    for session in sessions {
      table.rows.append([
        String(session.id), session.feature, formatter.string(from: session.startedAt),
        String(session.actionCount), String(session.effectCount),
        session.endedAt == nil ? "not ended" : "ended",
      ])
    }
    var lines = table.lines
    lines[0] = terminal.styled(lines[0], .bold)
    return lines
  }
}
