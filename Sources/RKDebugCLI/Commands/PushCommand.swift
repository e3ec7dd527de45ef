import ArgumentParser
import Foundation
import ReducerKitDebug

struct PushCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "push",
    abstract: "Send sessions of the log to an 'rkdebug serve' collector.",
    discussion: """
      Sends the session (--session, default the newest) or every session (--all) in batches \
      of --batch actions, each batch the session line and the lines 'rkdebug export' writes \
      for those actions. The collector keys a session by its uuid and an action by its \
      index, so pushing a session again, or again after an interruption, stores nothing \
      twice and adds what is new. A batch that fails for the network or the server is sent \
      again, waiting longer each time. The token comes from $RKDEBUG_TOKEN or --token-file, \
      never from the command line.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .long,
    help: ArgumentHelp("The collector's URL, as 'rkdebug serve' prints it.", valueName: "url"))
  var to: String

  @Flag(name: .long, help: "Send every session of the log.")
  var all = false

  @Option(
    name: .long,
    help: ArgumentHelp("A file holding the push token (else $RKDEBUG_TOKEN).", valueName: "file"))
  var tokenFile: String?

  @Option(name: .long, help: ArgumentHelp("Actions per batch.", valueName: "count"))
  var batch: Int = 2000

  func validate() throws {
    if all, sessionOptions.session != nil {
      throw ValidationError("give --session N or --all, not both")
    }
    guard (1...100_000).contains(batch) else {
      throw ValidationError("--batch must be from 1 to 100000 actions")
    }
  }

  func run() async throws {
    let client = try CollectorClient(url: to, tokenFile: tokenFile)
    let log = try await sessionOptions.openReadOnly()
    let ids =
      all
      ? try log.sessions().map(\.id) : [try log.reader(session: sessionOptions.session).session.id]
    for id in ids {
      let reader = try log.reader(session: id)
      var export = SessionExport(log: log, reader: reader)
      let sessionLine = try export.sessionLine()
      var stored = 0
      var sent = 0
      var start = 1
      repeat {
        var body = ExportBuffer()
        try body.write(sessionLine)
        let end = min(reader.actionCount, start + batch - 1)
        if start <= end { try export.writeActions(in: start...end, to: &body) }
        let answer = try await client.send(batch: Data(body.bytes))
        stored += answer["storedActions"] as? Int ?? 0
        sent = end
        start = end + 1
      } while start <= reader.actionCount
      print(
        "pushed session \(id) (\(reader.session.uuid)): \(sent) actions, \(stored) new to the "
          + "collector")
    }
  }
}
