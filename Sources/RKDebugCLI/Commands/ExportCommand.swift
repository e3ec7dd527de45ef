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
      discussion: "An existing file is replaced.",
      valueName: "file"
    )
  )
  var output: String?

  func run() async throws {
    let log = try sessionOptions.openReadOnly()
    let reader = try log.reader(session: sessionOptions.session)
    var lines: [String] = []
    lines.append(
      ExportFormat.sessionLine(
        reader.session, metadata: try log.metadata(ofSession: reader.session.id),
        initialState: try reader.stateJSON(at: 0)
      ).serialized()
    )
    let effectsByAction = Dictionary(grouping: try reader.effects(), by: \.actionIndex)
    let actions = reader.actionCount > 0 ? try reader.actions(in: 1...reader.actionCount) : []
    for action in actions {
      lines.append(try ExportFormat.actionLine(action).serialized())
      for effect in effectsByAction[action.index] ?? [] {
        lines.append(ExportFormat.effectLine(effect).serialized())
      }
    }
    let text = lines.joined(separator: "\n") + "\n"
    guard let output, output != "-" else {
      print(text, terminator: "")
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw RKDebugError("cannot write '\(output)': \(error.localizedDescription)")
    }
  }
}
