import ArgumentParser
import Foundation
import ReducerKitDebug

/// The options every command takes: which log and which session.
struct GlobalOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The log file. Defaults to $RKDEBUG_DB, then ./rkdebug.sqlite.",
      discussion: "Commands that only read the log open it read-only and never change it.",
      valueName: "path"
    )
  )
  var db: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The session id. Defaults to the newest session.",
      discussion: "'rkdebug sessions' lists the sessions of the log with their ids.",
      valueName: "id"
    )
  )
  var session: Int64?

  /// The log path this invocation uses.
  var logPath: String {
    if let db { return db }
    if let path = ProcessInfo.processInfo.environment["RKDEBUG_DB"], !path.isEmpty {
      return path
    }
    return "rkdebug.sqlite"
  }

  /// Opens the log read-only: a read command never writes to it.
  func openReadOnly() throws -> ActionLog {
    try ActionLog.readOnly(path: logPath)
  }

  /// A reader for the chosen session of a read-only log.
  func reader() throws -> SessionReader {
    try openReadOnly().reader(session: session)
  }
}

/// The `--json` flag of commands whose output is data.
struct JSONOutputOption: ParsableArguments {
  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Print JSON (JSON Lines for lists) instead of text.",
      discussion: "docs/cli-json.md documents the JSON of each command."
    )
  )
  var json = false
}
