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
      after the state type, nested values as (label: value) and [index]: value.

      With --json, one line per action: its index, label and source (as in 'log --json') \
      and its changes as an RFC 6902 JSON Patch with the old values ("patch").
      """
  )

  @OptionGroup var sessionOptions: SessionOptions
  @OptionGroup var range: IndexRangeOptions
  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    let reader = try sessionOptions.reader()
    guard let range = try range.range(in: reader) else { return }
    if output.json {
      for action in try reader.actions(in: range) {
        print(Self.json(action).serialized())
      }
      return
    }
    var renderer = ChangeText(session: reader.session)
    let terminal = Terminal.current
    var state = try reader.stateJSON(at: range.lowerBound - 1)
    var warned = false
    for action in try reader.actions(in: range) {
      let oldState = state
      do {
        try state.apply(action.patch)
      } catch {
        throw LogError.corrupt("the patch of action \(action.index) does not apply: \(error)")
      }
      let text = renderer.text(for: action, oldState: oldState, newState: state)
      if let failure = renderer.typedFailure, !warned {
        warned = true
        print("rkdebug: warning: \(failure)", to: &StandardError.stream)
      }
      print(terminal.coloredDiff(text))
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
