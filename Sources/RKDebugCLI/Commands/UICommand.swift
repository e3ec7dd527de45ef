import ArgumentParser
import Foundation
import RKDebugInspector
import ReducerKitDebug

/// `rkdebug ui`: the web inspector over a log, or a page of one window of a session.
struct UICommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ui",
    abstract: "Serve a read-only web inspector over the log, or write one session to a page.",
    discussion: """
      Serves a local page and prints its URL: the sessions of the log, and for each session \
      its actions (a list that stays fast at a million), a scrubber, the state at any index \
      as a tree, the change and JSON Patch of each action, who changed a value, the diff of \
      two indices, the effects as a timeline, the navigation (the stacks of screens and \
      what is presented over them, with a strip of pushes, pops and presentations along the \
      session), and a replay check through the session's registered feature. Keys: j or the down arrow for the next action, k or the up arrow \
      for the previous one, Home and End. A URL such as ?session=3&at=1200&path=todos[2].title \
      opens that view. The server binds 127.0.0.1, answers only GET requests that name it in \
      their Host header, and runs until Ctrl-C. docs/ui-api.md describes its JSON API.

      With --export FILE.html, writes one self-contained page with the actions --from A \
      --to B of the session (at most 5000 actions) and exits: it opens in a browser with no \
      server and shows the same views for that window, without the replay check.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The port to listen on; 0 (the default) picks a free one.", valueName: "port"))
  var port: Int = 0

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The address to listen on. Defaults to 127.0.0.1.",
      discussion: """
        Anything but a loopback address lets other machines read the log: rkdebug warns.
        """,
      valueName: "host"))
  var host: String = "127.0.0.1"

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write a self-contained page of the session to this file instead of serving.",
      discussion: """
        The page is written beside its place and renamed into it once whole; the log and its \
        -wal, -shm and -journal companions are refused.
        """,
      valueName: "file.html"))
  var export: String?

  @OptionGroup var range: IndexRangeOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Attach the page to a running app's live link (as rkdebug attach).",
      discussion: """
        The page then shows live controls: pause, resume, jump to or skip the selected \
        entry, dispatch an action; the session's list grows as the app logs. --db must be \
        the log the app records into.
        """,
      valueName: "url"))
  var attach: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The live link's token (default: $RKDEBUG_LIVE_TOKEN).", valueName: "token"))
  var token: String?

  /// The most actions an exported page holds: it carries every action's change and patch.
  static let maximumExportedActions = 5000

  func validate() throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port \(port) is not a port; use 0...65535 (0 picks a free one)")
    }
    if export == nil, range.from != nil || range.to != nil {
      throw ValidationError("--from and --to choose the window of --export FILE.html")
    }
    if let export, export.isEmpty { throw ValidationError("--export needs a file name") }
    if export != nil, attach != nil {
      throw ValidationError("--attach serves a live page; it does not combine with --export")
    }
    if token != nil, attach == nil { throw ValidationError("--token goes with --attach URL") }
  }

  func run() async throws {
    if let export {
      try OutputFile.refuseLog(export, option: "--export", logPath: sessionOptions.logPath)
    }
    if let export { return try write(log: try await sessionOptions.openReadOnly(), to: export) }
    let log: ActionLog
    if let url = sessionOptions.log.collectorURL {
      // Every session the collector lists, so that the inspector lists and opens them all.
      let replica = try CollectorReplica(url: url)
      let sessions = try await replica.sessions()
      log = try await replica.log(holding: sessions, all: sessions)
    } else {
      log = try await sessionOptions.openReadOnly()
    }
    if let session = sessionOptions.session { _ = try log.reader(session: session) }
    if !InspectorServer.isLoopback(host) {
      print(
        "rkdebug: warning: listening on \(host), not a loopback address: other machines that "
          + "reach it can read the whole log", to: &StandardError.stream)
    }
    guard let attach else { return try await serve(log: log, live: nil) }
    let token = try LiveToken.resolve(token, option: "--attach")
    try await LiveLinkClient.attach(to: attach, token: token) { client in
      try await serve(log: log, live: LinkRelay(client: client))
    }
  }

  private func serve(log: ActionLog, live: (any LiveRelay)?) async throws {
    let server = InspectorServer(
      queries: SessionInspector(log: log), host: host, port: port, live: live)
    let query = sessionOptions.session.map { "?session=\($0)" } ?? ""
    do {
      try await server.run { url in
        print("rkdebug ui: serving \(sessionOptions.logPath) at \(url)\(query)")
        if let live { print("attached to the app at \(live.url): the page has live controls") }
        print("Press Ctrl-C to stop.")
        fflush(nil)
      }
    } catch let error as InspectorServerError {
      throw RKDebugError(error.description)
    }
  }

  private func write(log: ActionLog, to path: String) throws {
    let reader = try log.reader(session: sessionOptions.session)
    let window = try range.range(in: reader)
    if let window, window.count > Self.maximumExportedActions {
      throw RKDebugError(
        "the page would hold \(window.count) actions "
          + "(\(window.lowerBound)...\(window.upperBound)); "
          + "choose at most \(Self.maximumExportedActions) with --from and --to")
    }
    let data = try InspectorExport.data(reader: reader, window: window)
    let page = InspectorPage.selfContained(
      data: data, title: "rkdebug: session \(reader.session.id)")
    try OutputFile.write(page, to: path)
    let actions = window.map { "actions \($0.lowerBound)...\($0.upperBound)" } ?? "no actions"
    print("wrote \(path): session \(reader.session.id), \(actions)")
  }
}
