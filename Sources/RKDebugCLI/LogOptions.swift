import ArgumentParser
import Foundation
import ReducerKitDebug

/// `--db`: the log a command reads or writes, for the commands that work on a whole log
/// (`sessions`, `record`, `import`, `demo`). ``SessionOptions`` adds `--session`.
package struct LogOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The log file. Defaults to $RKDEBUG_DB, then ./rkdebug.sqlite.",
      discussion: """
        Commands that only read the log open it read-only and never change it (a log that \
        cannot be written, on a read-only disk say, is read without creating any file \
        beside it); record, import and demo create it if it does not exist. PATH is always \
        a file's path, never an SQLite URI; a folder, FIFO or device is refused. The \
        commands that read sessions also take the URL of an 'rkdebug serve' collector \
        (http://HOST:PORT, its read token in $RKDEBUG_TOKEN): they read the sessions they \
        need into a cache log (docs/collector.md).
        """,
      valueName: "path"
    )
  )
  package var db: String?

  package init() {}

  package func validate() throws {
    if db?.isEmpty == true { throw ValidationError("--db needs the path of a log file") }
  }

  /// The log path this invocation uses.
  package var logPath: String { Self.logPath(db: db) }

  /// The log `db` names, else `$RKDEBUG_DB`, else `./rkdebug.sqlite`.
  package static func logPath(db: String?) -> String {
    if let db { return db }
    if let path = ProcessInfo.processInfo.environment["RKDEBUG_DB"], !path.isEmpty {
      return path
    }
    return "rkdebug.sqlite"
  }

  /// The collector `--db` (or `$RKDEBUG_DB`) names, when it is an `http://` or `https://` URL.
  package var collectorURL: String? { Self.isCollectorURL(logPath) ? logPath : nil }

  /// Whether `path` names a collector (`http://` or `https://`) rather than a log file.
  package static func isCollectorURL(_ path: String) -> Bool {
    path.hasPrefix("http://") || path.hasPrefix("https://")
  }

  /// The log path, for a command that writes it or reads it as a file (`--follow`).
  ///
  /// - Throws: ``RKDebugError`` when `--db` names a collector.
  package func localPath(for command: String) throws -> String {
    if let url = collectorURL {
      throw RKDebugError(
        "\(command) works on a log file, not on the collector at \(url); "
          + "'rkdebug pull' copies a session into a log file")
    }
    return logPath
  }

  /// Opens the log read-only: a read command never writes to it.
  ///
  /// - Throws: ``RKDebugError`` when `--db` names a collector: its sessions are read through
  ///   ``SessionOptions`` or ``CollectorReplica``.
  package func openReadOnly() throws -> ActionLog {
    try ActionLog.readOnly(path: try localPath(for: "this command"))
  }
}
