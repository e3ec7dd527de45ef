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
      try SessionImporter.importSession(
        from: reader, source: source, into: try logOptions.localPath(for: "import")))
  }
}
