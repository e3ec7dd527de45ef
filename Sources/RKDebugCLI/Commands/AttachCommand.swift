import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug attach`: time travel in a running app through its live link.
struct AttachCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "attach",
    abstract: "Attach to a running app's live link: pause, jump, skip, dispatch, load.",
    discussion: """
      The app opens the link with ReducerKitLive's LiveDebugLink, which prints the command \
      to attach (rkdebug demo --live runs a sample that does). Commands are read from \
      standard input, with a prompt when it is a terminal and line by line (for scripts) \
      when it is not; type 'help' for them. After each command the entries the app logged \
      since are listed. Every control is itself an entry of the app's log.

      pause holds the actions the app sends (views and effects) until resume; jump N shows \
      the logged state after entry N and pauses the app; resume returns it to the present \
      and runs the held actions. skip N recomputes the app's state without entry N through \
      its reducer, as replay --skip does, and unskip N puts it back. dispatch sends an \
      action given as JSON. load FILE [N] makes the state after entry N of a log, an export \
      or a page of ui --export (a bug report) the app's present state.

      Detaching (quit, the end of the input, or a broken connection) returns the app to its \
      present state and runs what it held. On a terminal a refused command prints 'error: \
      ...' and the prompt goes on; in a script it ends the run with exit status 1.
      """
  )

  @Argument(help: ArgumentHelp("The link's address, as the app printed it.", valueName: "url"))
  var url: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The link's token (default: $RKDEBUG_LIVE_TOKEN).", valueName: "token"))
  var token: String?

  func run() async throws {
    let token = try LiveToken.resolve(token, option: "attach")
    try await LiveLinkClient.attach(to: url, token: token) { client in
      var session = AttachSession(client: client, input: .standardInput)
      try await session.run()
    }
  }
}

/// The prompt of `rkdebug attach`: reads instructions and prints what the app answers.
struct AttachSession {
  let client: LiveLinkClient
  var input: StepperInput
  var write: (String) -> Void = { print($0) }
  /// The last entry listed.
  private var listed = 0

  init(client: LiveLinkClient, input: StepperInput) {
    self.client = client
    self.input = input
  }

  mutating func run() async throws {
    let status = try await ask(LiveRequest(op: .status))
    listed = status.status?.entries ?? 0
    write("attached to \(client.url): " + Self.describe(status.status) + "; type 'help'")
    while let line = input.nextLine(prompt: "(rkdebug live) ") {
      do {
        guard let instruction = try AttachInstruction.parse(line) else { continue }
        if instruction == .quit { break }
        try await perform(instruction)
      } catch let error as LiveLinkClientError {
        throw RKDebugError("\(error)")
      } catch {
        let message = ErrorReport(error: error, arguments: []).message ?? "\(error)"
        guard input.isInteractive else {
          let text = line.trimmingCharacters(in: .whitespaces)
          throw RKDebugError(
            "line \(input.lineNumber) of attach's input, \(InputLimits.quoted(text)): "
              + message)
        }
        write("error: \(message)")
      }
    }
  }

  private mutating func perform(_ instruction: AttachInstruction) async throws {
    switch instruction {
    case .status:
      try await listNewEntries()
      write(Self.describe(try await ask(LiveRequest(op: .status)).status))
    case .state:
      let answer = try await ask(LiveRequest(op: .state))
      write(StateCommand.text(answer.state ?? .null, json: false))
    case .entries:
      try await listNewEntries()
    case .follow(let seconds):
      let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
      while ContinuousClock.now < end {
        try await listNewEntries()
        try await Task.sleep(for: .milliseconds(200))
      }
    case .pause: try await control(LiveRequest(op: .pause))
    case .resume: try await control(LiveRequest(op: .resume))
    case .jump(let index): try await control(LiveRequest(op: .jump, index: index))
    case .skip(let index): try await control(LiveRequest(op: .skip, index: index))
    case .unskip(let index): try await control(LiveRequest(op: .unskip, index: index))
    case .dispatch(let text):
      let action: JSONValue
      do {
        action = try JSONValue(parsing: text)
      } catch {
        throw RKDebugError("the action is not JSON: \(error)")
      }
      try await control(LiveRequest(op: .dispatch, action: action))
    case .load(let file, let index):
      let loaded = try LoadedState.read(file: file, index: index)
      try await control(LiveRequest(op: .load, state: loaded.json, source: loaded.source))
    case .help:
      write(AttachInstruction.helpText)
    case .quit:
      break
    }
  }

  /// Sends a control, then lists the entries it and the app logged, and the status.
  private mutating func control(_ request: LiveRequest) async throws {
    let answer = try await ask(request)
    try await listNewEntries()
    write(Self.describe(answer.status))
  }

  /// Lists the entries logged since the last listed.
  private mutating func listNewEntries() async throws {
    while true {
      let answer = try await ask(LiveRequest(op: .entries, after: listed))
      guard let entries = answer.entries, !entries.isEmpty else { return }
      for entry in entries {
        write("\(entry.index)\t\(entry.kind)\t\(entry.label)")
      }
      listed = entries.last!.index
    }
  }

  /// The answer to `request`; an answer refusing it is an error with the app's reason.
  private func ask(_ request: LiveRequest) async throws -> LiveAnswer {
    let answer = try await client.send(request)
    guard answer.ok else { throw RKDebugError(answer.error ?? "the app refused") }
    return answer
  }

  /// `12 entries · paused, 2 actions held · showing entry 3 · skipping 5`.
  static func describe(_ status: LiveStatus?) -> String {
    guard let status else { return "no status" }
    var parts = ["'\(status.feature)'", "\(status.entries) entries"]
    if status.paused {
      parts.append(
        "paused, \(status.heldActions) action\(status.heldActions == 1 ? "" : "s") held")
    } else {
      parts.append("running")
    }
    if let jumpedTo = status.jumpedTo { parts.append("showing entry \(jumpedTo)") }
    if !status.skipped.isEmpty {
      parts.append("skipping " + status.skipped.map(String.init).joined(separator: ", "))
    }
    return parts.joined(separator: " · ")
  }
}
