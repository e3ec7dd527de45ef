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

  func run() async throws {
    let reader = try sessionOptions.reader()
    guard let range = try range.range(in: reader) else { return }
    let all = try reader.actions(in: range)
    var actions = all
    if let grep {
      actions = all.filter { $0.label.range(of: grep, options: .caseInsensitive) != nil }
      if tree {
        actions = Self.withCauses(actions, among: all)
      }
    }
    let effects = tree ? try reader.effects() : []
    if output.json {
      let effectsByAction = Dictionary(grouping: effects, by: \.actionIndex)
      for action in actions {
        var json = Self.json(action)
        if tree, case var .object(members) = json {
          members["effects"] = .array((effectsByAction[action.index] ?? []).map(ActionTree.json))
          json = .object(members)
        }
        print(json.serialized())
      }
      return
    }
    let terminal = Terminal.current
    let lines =
      tree
      ? ActionTree(actions: actions, effects: effects, terminal: terminal).lines
      : Self.lines(actions, terminal: terminal)
    if !lines.isEmpty {
      print(lines.joined(separator: "\n"))
    }
  }

  /// `actions` with the actions that caused them (the actions whose effects emitted them, up
  /// to one sent by the caller), in index order.
  static func withCauses(_ actions: [LoggedAction], among all: [LoggedAction]) -> [LoggedAction] {
    let byIndex = Dictionary(uniqueKeysWithValues: all.map { ($0.index, $0) })
    var included = Set<Int>()
    for action in actions {
      var current: LoggedAction? = action
      while let action = current, included.insert(action.index).inserted {
        guard case let .effect(_, parentIndex) = action.source else { break }
        current = byIndex[parentIndex]
      }
    }
    return all.filter { included.contains($0.index) }
  }

  /// The text lines: index, source and label, in columns.
  static func lines(_ actions: [LoggedAction], terminal: Terminal) -> [String] {
    var table = TextTable(header: [], alignments: [.right, .left, .left])
    for action in actions {
      table.rows.append([String(action.index), action.source.text, action.singleLineLabel])
    }
    guard terminal.isColored else { return table.lines }
    return zip(actions, table.lines).map { action, line in
      let indexWidth = String(actions.last!.index).count
      let index = line.prefix(indexWidth)
      return terminal.styled(String(index), .bold) + line.dropFirst(indexWidth)
    }
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
