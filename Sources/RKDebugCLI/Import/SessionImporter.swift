import Foundation
import ReducerKitDebug

/// Imports a session read from `rkdebug export` lines into a log file: `rkdebug import`, and
/// `rkdebug pull` with a collector's session.
package enum SessionImporter {
  /// Imports the session `reader` reads into the log at `path` (created if missing) and
  /// returns its id there. Nothing is left of a failed import: a log it created is removed.
  package static func importSession(
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
