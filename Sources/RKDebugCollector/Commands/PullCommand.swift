import ArgumentParser
import Foundation
import RKDebugCLI
import ReducerKitDebug

struct PullCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pull",
    abstract: "Copy a session from an 'rkdebug serve' collector into a local log.",
    discussion: """
      Fetches the session with the uuid SESSION (as 'rkdebug sessions --json' shows it, or \
      GET /v1/sessions lists them) and imports it into the log (--db, created if missing) \
      with the checks of 'rkdebug import', then prints its id there: 'replay' and 'testgen' \
      then run it with the features registered here. The token comes from $RKDEBUG_TOKEN or \
      --token-file, never from the command line.
      """
  )

  @OptionGroup var logOptions: LogOptions

  @Argument(
    help: ArgumentHelp("The collector's URL, as 'rkdebug serve' prints it.", valueName: "url"))
  var url: String

  @Argument(help: ArgumentHelp("The session's uuid.", valueName: "session"))
  var session: String

  @Option(
    name: .long,
    help: ArgumentHelp("A file holding the read token (else $RKDEBUG_TOKEN).", valueName: "file"))
  var tokenFile: String?

  func validate() throws {
    guard UUID(uuidString: session) != nil else {
      throw ValidationError("'\(session)' is not a session uuid")
    }
  }

  func run() async throws {
    let client = try CollectorClient(url: url, tokenFile: tokenFile)
    let text = String(decoding: try await client.export(of: session), as: UTF8.self)
    let source = "the collector's session \(session)"
    let reader = ExportFormat.Reader(source: source, text: text)
    print(
      try SessionImporter.importSession(
        from: reader, source: source, into: try logOptions.localPath(for: "pull")))
  }
}
