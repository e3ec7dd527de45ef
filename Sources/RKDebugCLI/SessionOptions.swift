import ArgumentParser
import Foundation
import ReducerKitDebug

/// `--db` and `--session`: the log and the session of the commands that read one session
/// (`log`, `changes`, `state`, `diff`, `history`, `replay`, `bisect`, `export`, `testgen`).
package struct SessionOptions: ParsableArguments {
  @OptionGroup package var log: LogOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The session id. Defaults to the newest session.",
      discussion: "'rkdebug sessions' lists the sessions of the log with their ids.",
      valueName: "id"
    )
  )
  package var session: Int64?

  package init() {}

  /// The log path this invocation uses.
  package var logPath: String { log.logPath }

  /// Opens the log read-only: a read command never writes to it. With a collector's URL,
  /// the cache log holding the collector's copy of the chosen session (``CollectorReplica``).
  package func openReadOnly() async throws -> ActionLog {
    if let url = log.collectorURL {
      return try await CollectorReplica(url: url).log(session: session)
    }
    return try log.openReadOnly()
  }

  /// A reader for the chosen session of a read-only log.
  package func reader() async throws -> SessionReader {
    try await openReadOnly().reader(session: session)
  }
}
