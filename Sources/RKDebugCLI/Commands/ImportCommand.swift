import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug import`: a session from JSON Lines into the log.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Add a session exported with 'rkdebug export' to the log, and print its id.",
    discussion: """
      The file is read a line at a time, and each action is checked as it is written: its \
      patch must apply, and every old value it records must be the value it overwrites, so \
      the states rebuilt forwards and backwards agree. The session is written in one \
      transaction: a malformed line or an inconsistent session leaves the log as it was (a \
      log the import created is removed). The log (--db) is created if it does not exist. The \
      session keeps its uuid, so a log cannot hold the same session twice.
      """
  )

  @OptionGroup var logOptions: LogOptions

  @Argument(
    help: ArgumentHelp(
      "The JSON Lines file 'rkdebug export' wrote; - for standard input.", valueName: "file"
    )
  )
  var file: String

  func run() async throws {
    let source = file == "-" ? "standard input" : file
    let reader = ExportFormat.Reader(source: source, nextLine: try LineReader(file: file).next)
    print(
      try Self.importSession(
        from: reader, source: source, into: try logOptions.localPath(for: "import")))
  }

  /// Imports the session `reader` reads into the log at `path` (created if missing) and
  /// returns its id there. Nothing is left of a failed import: a log it created is removed.
  static func importSession(
    from reader: ExportFormat.Reader, source: String, into path: String
  ) throws -> Int64 {
    let header = try reader.session()
    // Refuse a session the log already holds before opening it for writing.
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    // The size of a regular file at the path (a FIFO or device is refused when opened).
    let size =
      attributes == nil || attributes?[.type] as? FileAttributeType == .typeRegular
      ? attributes?[.size] as? Int : -1
    if let size, size > 0,
      let existing = try ActionLog.readOnly(path: path).sessions()
        .first(where: { $0.uuid == header.uuid })
    {
      throw RKDebugError(
        "session \(header.uuid) is already in \(path) as session \(existing.id); "
          + "import it into another log (--db)"
      )
    }
    let progress = ProgressLine(label: "importing", total: header.actionCount)
    let id: Int64
    var log: ActionLog?
    do {
      // Opening can fail too (a full disk while the schema is written): everything from
      // creating the log to its last commit is undone together.
      let opened = try ActionLog(path: path)
      log = opened
      id = try opened.importSession(header, items: reader.next) {
        progress.update($0, header.actionCount)
      }
      progress.finish()
      try opened.close()
    } catch {
      progress.finish()
      try? log?.close()
      log = nil
      if size == nil || size == 0 { restore(logAt: path, existed: size != nil) }
      if case LogError.corrupt(let problem) = error {
        throw RKDebugError(
          "\(source) is not a consistent session: \(problem); nothing was imported"
        )
      }
      throw error
    }
    return id
  }

  /// Puts back what was at `path` before the import made a log there and failed to fill it:
  /// nothing, or the empty file that `existed`.
  private static func restore(logAt path: String, existed: Bool) {
    for suffix in ["-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    if existed {
      truncate(path, 0)
    } else {
      try? FileManager.default.removeItem(atPath: path)
    }
  }
}
