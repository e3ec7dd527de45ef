import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug import`: a session from JSON Lines into the log.
struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Add a session exported with 'rkdebug export' to the log, and print its id.",
    discussion: """
      The file is read and checked entirely before the log is opened, and the session is \
      written in one transaction: a malformed file leaves the log untouched. Every patch must \
      apply, and every old value it records must be the value it overwrites, so the states \
      rebuilt forwards and backwards agree; a session that breaks this is refused. The log \
      (--db) is created if it does not exist. The session keeps its uuid, so a log cannot \
      hold the same session twice.
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
    let text = try Self.readText(file)
    let session = try ExportFormat.read(text, source: source)
    do {
      try session.validate()
    } catch let LogError.corrupt(problem) {
      throw RKDebugError(
        "\(source) is not a consistent session: \(problem); nothing was imported"
      )
    }
    // Refuse a session the log already holds before opening it for writing.
    let path = logOptions.logPath
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    if size > 0,
      let existing = try ActionLog.readOnly(path: path).sessions()
        .first(where: { $0.uuid == session.uuid })
    {
      throw RKDebugError(
        "session \(session.uuid) is already in \(path) as session \(existing.id); "
          + "import it into another log (--db)"
      )
    }
    let log = try ActionLog(path: path)
    let progress = ImportProgress(total: session.actions.count)
    let id = try log.importSession(session, progress: progress.report)
    progress.finish()
    try log.close()
    print(id)
  }

  /// The text of `file`, or of standard input for `-`.
  static func readText(_ file: String) throws -> String {
    if file == "-" {
      return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    guard FileManager.default.fileExists(atPath: file) else {
      throw RKDebugError("no file '\(file)'; pass a file 'rkdebug export' wrote")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw RKDebugError("cannot read '\(file)'")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
