import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug changes`: each action and the state change it caused, as `_printChanges()` prints
/// them.
struct ChangesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "changes",
    abstract: "Print each action and its state change in TCA's _printChanges() format.",
    discussion: """
      For each action: 'received action:', the action, then the diff of the state (or \
      '(No state changes)') and an empty line. When this rkdebug registers the session's \
      feature, the text is byte-identical to what the live _printChanges() printed during \
      the recording. Otherwise the same shape is printed from the log's JSON: the root named \
      after the state type, nested values as (label: value) and [index]: value. A shared \
      value changed outside any action (an effect's withLock, the storage) is an entry of \
      its own, printed under 'shared state changed outside an action:' with its label \
      ($minutes.withLock in effect 3).

      With --json, one line per action: its index, label and source (as in 'log --json') \
      and its changes as an RFC 6902 JSON Patch with the old values ("patch").
      """
  )

  @OptionGroup var sessionOptions: SessionOptions
  @OptionGroup var range: IndexRangeOptions
  @OptionGroup var output: JSONOutputOption
  @OptionGroup var follow: FollowOption

  func validate() throws {
    try follow.validate(with: range)
  }

  func run() async throws {
    if follow.follow { return try await followSession() }
    let reader = try await sessionOptions.reader()
    guard let range = try range.range(in: reader) else { return }
    var sink = try LineSink(path: nil)
    try write(reader, range: range, to: &sink)
    try sink.finish()
  }

  /// Writes the changes of the actions in `range` to `sink`, a chunk of actions at a time,
  /// keeping only the current state; `workers` threads render each chunk's texts.
  func write(
    _ reader: SessionReader, range: ClosedRange<Int>, to sink: inout LineSink,
    terminal: Terminal = .current, chunkSize: Int = 4096, workers: Int = ChangeWalk.workers
  ) throws {
    if output.json {
      try reader.forEachAction(in: range, chunkSize: chunkSize) { action in
        try sink.write(Self.json(action).serialized())
      }
      return
    }
    var changes = try ChangeWalk(reader, at: range.lowerBound - 1)
    try reader.forEachChunk(in: range, chunkSize: chunkSize) { actions in
      guard let first = actions.first, let last = actions.last else { return }
      let shares = try changes.addedShares(in: first.index...last.index, of: reader)
      try changes.write(
        actions, adding: shares, to: &sink, workers: workers, format: terminal.coloredDiff)
      if Terminal.isOutputTerminal { try sink.flush() }
    }
  }

  /// `--follow`: the changes of the actions as they are committed, each poll's flushed at once.
  func followSession() async throws {
    let terminal = Terminal.current
    try await SessionFollower.print(
      sessionOptions, from: range.from, json: output.json, keeping: ChangeWalk.self
    ) { reader, actions, changes, sink in
      for action in actions {
        if output.json {
          try sink.write(Self.json(action).serialized())
          continue
        }
        if changes == nil { changes = try ChangeWalk(reader, at: action.index - 1) }
        let shares = try changes!.addedShares(in: action.index...action.index, of: reader)
        let text = try changes!.text(
          for: action, adding: shares[action.index] ?? [], flushing: &sink)
        try sink.write(terminal.coloredDiff(text))
      }
    }
  }

  /// One action and its changes as a JSON object (docs/cli-json.md).
  static func json(_ action: LoggedAction) -> JSONValue {
    var members: [String: JSONValue] = [
      "index": JSONValue(action.index),
      "label": .string(action.label),
      "patch": .array(action.patch.map(\.jsonValue)),
    ]
    members.merge(action.source.jsonMembers) { _, new in new }
    return .object(members)
  }
}
