import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug export`: a session as JSON Lines.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a session as JSON Lines, for 'rkdebug import' or other tools.",
    discussion: """
      The first line is the session's metadata with its initial state ("type": "session"); \
      then one line per action ("type": "action": its index, JSON, label, source and JSON \
      Patch with old values), each followed by the effects its reducer returned ("type": \
      "effect"). docs/cli-json.md describes every member. 'rkdebug import' of the file \
      gives a session whose every state is identical.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: [.short, .long],
    help: ArgumentHelp(
      "The file to write. Defaults to standard output.",
      discussion: """
        The file is written beside its place and renamed into it once whole. An existing \
        file is replaced, except the log itself and its -wal, -shm and -journal companions \
        (by any path, link or hard link), which are refused.
        """,
      valueName: "file"
    )
  )
  var output: String?

  func run() async throws {
    if let output, output != "-" {
      try OutputFile.refuseLog(output, option: "--output", logPath: sessionOptions.logPath)
    }
    let log = try await sessionOptions.openReadOnly()
    let reader = try log.reader(session: sessionOptions.session)
    var sink = try LineSink(path: output == "-" ? nil : output)
    var export = SessionExport(log: log, reader: reader)
    do {
      try sink.write(try export.sessionLine())
      let progress = ProgressLine.ofOutput(label: "exporting", total: reader.actionCount)
      if progress.isShown, output == nil || output == "-", Terminal.isOutputTerminal {
        sink.beforeWrite = { progress.clear() }
      }
      defer { progress.finish() }
      // A chunk of actions, with their reads and effects, at a time: a long session is not
      // held in memory whole.
      try reader.forEachRange { range in
        try export.writeActions(in: range, to: &sink)
        progress.update(range.upperBound, reader.actionCount)
      }
      try sink.finish()
    } catch {
      sink.abandon()
      throw error
    }
  }
}
