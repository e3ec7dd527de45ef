import ArgumentParser
import Foundation
import RKDebugCLI
import ReducerKitDebug
import ReducerKitUpload

struct PushCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "push",
    abstract: "Send sessions of the log to an 'rkdebug serve' collector.",
    discussion: """
      Sends the session (--session, default the newest) or every session (--all) as an app's \
      SessionUploader does: first the session line alone, whose answer says how many actions \
      the collector holds, then batches of --batch actions from the first it lacks, each \
      batch the session line and the lines 'rkdebug export' writes. The collector keys a \
      session by its uuid and an action by its index, so pushing a session again, or again \
      after an interruption, stores nothing twice and adds what is new. A request that fails \
      for the network or the server is sent again, waiting longer each time. The token comes \
      from $RKDEBUG_TOKEN or --token-file, never from the command line.
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
    // A log file, or the cache log of a collector's session (--db URL).
    let log = try await sessionOptions.openReadOnly()
    let path = log.path ?? sessionOptions.logPath
    let sessions = all ? try log.sessions() : [try log.session(id: sessionOptions.session)]
    // The uploader an app runs, sending through the CLI's client: its retries, its trust.
    let uploader = try SessionUploader(
      logAt: path, collector: client.baseURL, token: client.token, batchSize: batch,
      sessions: Set(sessions.map(\.uuid)), send: client.send)
    var failure: (any Error)?
    do {
      try await uploader.uploadPending()
    } catch let refusal as CollectorRefusal {
      throw RKDebugError("the collector at \(to) answered \(refusal.status): \(refusal.message)")
    } catch {
      failure = error
    }
    let statuses = Dictionary(
      await uploader.statuses.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
    var refusal: CollectorRefusal?
    for session in sessions {
      guard let status = statuses[session.uuid], let acknowledged = status.acknowledged else {
        continue
      }
      refusal = refusal ?? status.refusal
      guard status.refusal == nil else { continue }
      print(
        "pushed session \(session.id) (\(session.uuid)): \(acknowledged) actions, "
          + "\(status.storedActions) new to the collector")
    }
    if let refusal {
      throw RKDebugError("the collector at \(to) answered \(refusal.status): \(refusal.message)")
    }
    if let failure { throw failure }
  }
}
