import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug log`: one line per action.
struct LogCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "log",
    abstract: "List the actions of a session, one per line.",
    discussion: """
      Each line is the action's index, its source ('send' when the caller sent it, \
      'effect #E of #A' when effect E, which action A returned, emitted it) and its label \
      on one line. --tree shows the actions as a tree of causes instead: each action \
      emitted by an effect under that effect, each effect (with how it ended) under the \
      action that returned it.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions
  @OptionGroup var range: IndexRangeOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Show only the actions whose label contains this text, ignoring case.",
      discussion: "With --tree, the actions that caused a matching action are shown too.",
      valueName: "text"
    )
  )
  var grep: String?

  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Show which effect of which action emitted each action, as a tree.",
      discussion: "With --json, each action line carries the effects its reducer returned."
    )
  )
  var tree = false

  @OptionGroup var output: JSONOutputOption
  @OptionGroup var follow: FollowOption

  func validate() throws {
    if follow.follow, tree {
      throw ValidationError("--follow prints actions as they come; it cannot show a --tree")
    }
    try follow.validate(with: range)
  }

  func run() async throws {
    if follow.follow { return try await followSession() }
    let reader = try await sessionOptions.reader()
    guard let range = try range.range(in: reader) else { return }
    var sink = try LineSink(path: nil)
    let progress = ProgressLine.ofOutput(label: "listing", total: range.count)
    if progress.isShown, Terminal.isOutputTerminal {
      sink.beforeWrite = { progress.clear() }
    }
    try write(reader, range: range, to: &sink) { done in
      progress.update(done, range.count)
    }
    try sink.finish()
    progress.finish()
  }

  /// Writes the lines of the actions in `range` to `sink`, a chunk of actions at a time (with
  /// `--tree`, a part of the tree at a time: ``CausalWindow``), calling `progress` with the
  /// number of actions read after each chunk.
  func write(
    _ reader: SessionReader, range: ClosedRange<Int>, to sink: inout LineSink,
    terminal: Terminal = .current, chunkSize: Int = 4096, progress: (Int) -> Void = { _ in }
  ) throws {
    let lines = try LogLines(
      reader: reader, range: range, terminal: terminal, tree: tree, json: output.json)
    if !tree, !output.json, grep == nil {
      // The plain listing: each line written from its row, with no action built.
      try reader.forEachRange(in: range, chunkSize: chunkSize) { chunk in
        try reader.forEachListedAction(in: chunk) { action in
          try sink.writeLine { bytes in
            lines.appendLine(
              index: action.index, source: action.source, label: action.label, to: &bytes)
          }
        }
        if Terminal.isOutputTerminal { try sink.flush() }
        progress(chunk.upperBound - range.lowerBound + 1)
      }
      return
    }
    var window = CausalWindow(lookahead: chunkSize)
    func emit(_ actions: [LoggedAction]) throws {
      guard let first = actions.first, let last = actions.last else { return }
      var shown = matchingGrep(actions)
      if grep != nil, tree { shown = Self.withCauses(shown, among: actions) }
      guard !shown.isEmpty else { return }
      let effects = tree ? try reader.effects(ofActionsIn: first.index...last.index) : []
      for line in lines.lines(shown, effects: effects) { try sink.write(line) }
    }
    // The text shows no patch; the JSON, its length.
    try reader.forEachChunk(in: range, chunkSize: chunkSize, patches: output.json) { actions in
      try emit(tree ? window.add(actions) : actions)
      // A person watching a terminal sees each chunk as it is read.
      if Terminal.isOutputTerminal { try sink.flush() }
      progress(actions.last!.index - range.lowerBound + 1)
    }
    try emit(window.finish())
  }

  /// `--follow`: the lines of the actions as they are committed, each poll's flushed at once.
  /// Columns widen as longer indices and sources come.
  func followSession() async throws {
    let terminal = Terminal.current
    try await SessionFollower.print(
      sessionOptions, from: range.from, json: output.json, keeping: LogLines.self
    ) { reader, actions, lines, sink in
      let batch = try LogLines(
        reader: reader, range: actions.first!.index...actions.last!.index,
        terminal: terminal, tree: false, json: output.json)
      lines = lines.map { batch.widened(to: $0) } ?? batch
      for line in lines!.lines(matchingGrep(actions), effects: []) { try sink.write(line) }
    }
  }

  /// The actions whose label contains `--grep`, ignoring case; all of them without it.
  func matchingGrep(_ actions: [LoggedAction]) -> [LoggedAction] {
    guard let grep else { return actions }
    return actions.filter { $0.label.range(of: grep, options: .caseInsensitive) != nil }
  }

  /// `actions` with the actions that caused them (the actions whose effects emitted them, up
  /// to one sent by the caller), in index order.
  static func withCauses(_ actions: [LoggedAction], among all: [LoggedAction]) -> [LoggedAction] {
    let byIndex = Dictionary(uniqueKeysWithValues: all.map { ($0.index, $0) })
    var included = Set<Int>()
    for action in actions {
      var current: LoggedAction? = action
      while let action = current, included.insert(action.index).inserted {
        guard case .effect(_, let parentIndex) = action.source else { break }
        current = byIndex[parentIndex]
      }
    }
    return all.filter { included.contains($0.index) }
  }

  /// One action as a JSON object (docs/cli-json.md).
  static func json(_ action: LoggedAction) -> JSONValue {
    var members: [String: JSONValue] = [
      "index": JSONValue(action.index),
      "label": .string(action.label),
      "action": .parsedOrString(action.json),
      "time": .date(action.time),
      "durationNanos": JSONValue(action.durationNanos),
      "changeCount": JSONValue(action.patch.count),
    ]
    members.merge(action.source.jsonMembers) { _, new in new }
    return .object(members)
  }
}
