import ArgumentParser
import Foundation
import ReducerKit
import ReducerKitDebug

/// `rkdebug record`: drives a registered feature's store with actions from a file or a seeded
/// random generator and records the session into the log.
struct RecordCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "record",
    abstract: "Record a session of a registered feature.",
    discussion: """
      Creates a Store of the feature, wrapped in the recording reducer, and sends it the \
      actions of --actions (JSON Lines: one Codable action per line, blank lines skipped; '-' \
      reads standard input) or --random N actions made from the seed of --seed. After each \
      action rkdebug waits until every effect has finished, so a run is deterministic. \
      Effects sleep on an immediate clock unless --real-time is given. A feature registered \
      with an action interval (the library sample: two seconds) runs its effects on a test \
      clock that moves by that interval after each action instead, so an effect that lasts \
      as long as a screen is shown ticks between actions; the effects still running at the \
      end are cancelled. Then the log is closed and the new session's id is printed.

      The seed also seeds the feature's nondeterministic dependencies: uuid counts up from \
      00000000-0000-0000-0000-000000000000, date starts at 2026-01-01 00:00:00 UTC and \
      advances one second per read, and withRandomNumberGenerator is a SplitMix64 generator \
      seeded from the seed; calendar, locale and timeZone are the Gregorian calendar, \
      en_US_POSIX and UTC. So the same seed gives the same session on any machine, ids and \
      dates included. --live records with the real values instead; either way the values the \
      reducer reads are logged, and replay feeds them back.

      Every action line is decoded before the log is opened: a malformed line is reported \
      with its number and nothing is recorded; so is a line longer than 16 MiB or nested \
      deeper than 512 levels. The file is read twice, a block at a time (checked, then \
      sent), so memory does not grow with its length. The log (--db) is created if it does \
      not exist; a log holds many sessions.
      """
  )

  /// How soon recorded actions are committed, as written on the command line.
  enum DurabilityArgument: String, CaseIterable, ExpressibleByArgument {
    case buffered
    case everyAction = "every-action"

    /// The log's durability setting.
    var durability: Durability {
      switch self {
      case .buffered: .buffered
      case .everyAction: .everyAction
      }
    }
  }

  @OptionGroup var logOptions: LogOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The registered feature to record (see 'rkdebug features').", valueName: "name"
    )
  )
  var feature: String

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A JSON Lines file of actions to send, one per line; '-' reads standard input.",
      valueName: "file"
    )
  )
  var actions: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Send this many random actions made by the feature's random action generator.",
      valueName: "count"
    )
  )
  var random: Int?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The seed of the random actions and dependencies (default: 0).",
      discussion: "The same seed gives the same session.",
      valueName: "seed"
    )
  )
  var seed: UInt64?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Record with live uuid, date and random numbers instead of seeded ones.",
      discussion: "The values read are logged, so replay stays exact."
    )
  )
  var live = false

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Let effects sleep for real instead of on an immediate clock.",
      discussion: "rkdebug still waits for every effect to finish before the next action."
    )
  )
  var realTime = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write a full-state snapshot every this many actions (default: 1000).",
      valueName: "count"
    )
  )
  var snapshotInterval = 1000

  @Option(
    name: .long,
    help: ArgumentHelp(
      "When actions are committed: buffered (batched, the default) or every-action.",
      discussion: """
        With buffered, a crash loses at most the actions still queued; with every-action, \
        each send returns only once its action is committed.
        """,
      valueName: "mode"
    )
  )
  var durability: DurabilityArgument = .buffered

  @OptionGroup var output: JSONOutputOption

  func validate() throws {
    switch (actions, random) {
    case (nil, nil):
      throw ValidationError("Pass --actions FILE (or '-') or --random N.")
    case (_?, _?):
      throw ValidationError("Pass either --actions or --random, not both.")
    case (nil, let count?):
      guard count >= 1 else { throw ValidationError("--random needs a count of 1 or more.") }
    case (_?, nil):
      break
    }
    guard snapshotInterval >= 1 else {
      throw ValidationError("--snapshot-interval needs a count of 1 or more.")
    }
  }

  func run() async throws {
    let path = try logOptions.localPath(for: "record")
    let feature = try FeatureRegistry.feature(forRecording: feature)
    let (input, inputCopy) = try readInput()
    defer { withExtendedLifetime(inputCopy) {} }
    let durability = durability.durability
    let options = RecordOptions(
      realTime: realTime, live: live, seed: seed ?? 0, snapshotInterval: snapshotInterval
    )
    // A failure's error line says why the recording stopped; without one, each issue the run
    // reported is a warning.
    let issues = CollectedIssues()
    let outcome = try await withIssueReporters([issues]) {
      try await Self.record(feature.erased, input, options: options) {
        try ActionLog(path: path, durability: durability)
      }
    }
    for message in issues.all {
      print("rkdebug: warning: \(ErrorReport.oneLine(message))", to: &StandardError.stream)
    }
    // By its uuid: another process recording into the same log may have the newest session.
    let uuid = outcome.sessionUUID.uuidString
    guard
      let session = try ActionLog.readOnly(path: path).sessions().first(where: { $0.uuid == uuid })
    else {
      throw RKDebugError("the session was not found in '\(path)' after recording")
    }
    print(summary(of: session, sent: outcome.sent, path: path))
  }

  /// Records `input` with progress on a terminal, on the main actor where the store runs.
  @MainActor
  private static func record(
    _ feature: any ErasedFeature, _ input: RecordInput, options: RecordOptions,
    openLog: () throws -> ActionLog
  ) async throws -> RecordingOutcome {
    var progress: ProgressLine?
    defer { progress?.finish() }
    return try await feature.record(
      input, options: options, openLog: openLog,
      progress: { sent, total in
        if progress == nil { progress = ProgressLine(label: "recording", total: total) }
        progress?.update(sent, total)
      }
    )
  }

  /// The actions to send: the lines of the actions file, or a random run. Input that can be
  /// read only once (standard input, a pipe) is first copied to a temporary file, since the
  /// lines are read twice.
  private func readInput() throws -> (RecordInput, TemporaryInputCopy?) {
    guard let actions else {
      return (.random(count: random ?? 0, seed: seed ?? 0), nil)
    }
    if actions == "-" {
      let copy = try TemporaryInputCopy(of: STDIN_FILENO, source: "standard input")
      return (.actionsFile(path: copy.path, source: "standard input"), copy)
    }
    let source = "'\(actions)'"
    var status = stat()
    let descriptor = open(actions, O_RDONLY)
    guard descriptor >= 0, fstat(descriptor, &status) == 0,
      status.st_mode & S_IFMT != S_IFDIR
    else {
      if descriptor >= 0 { close(descriptor) }
      throw RKDebugError("cannot read the actions file \(source): no such file")
    }
    defer { close(descriptor) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      let copy = try TemporaryInputCopy(of: descriptor, source: source)
      return (.actionsFile(path: copy.path, source: source), copy)
    }
    return (.actionsFile(path: actions, source: source), nil)
  }

  private func summary(of session: LoggedSession, sent: Int, path: String) -> String {
    let fromEffects = session.actionCount - sent
    if output.json {
      let json: JSONValue = [
        "db": .string(path), "session": JSONValue(session.id), "feature": .string(session.feature),
        "actions": JSONValue(session.actionCount), "sent": JSONValue(sent),
        "fromEffects": JSONValue(fromEffects), "effects": JSONValue(session.effectCount),
      ]
      return json.serialized()
    }
    return """
      recorded session \(session.id) of '\(session.feature)' into \(path): \
      \(session.actionCount) actions (\(sent) sent, \(fromEffects) from effects), \
      \(session.effectCount) effects
      """
  }
}
