import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug diff`: the difference between the states at two indices.
struct DiffCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Print the difference between the states at two action indices.",
    discussion: """
      The text is a custom-dump diff from the state at --from to the state at --to: '-' \
      lines hold the old values, '+' lines the new ones. When this rkdebug registers the \
      session's feature, the states are decoded into its types and diffed as 'changes' \
      prints them; otherwise the same shape is printed from the log's JSON. With --json it \
      is an RFC 6902 JSON Patch (with the old value of each replaced or removed value under \
      "old") that turns the first state into the second.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The index of the first state (0 is the initial state).", valueName: "index"
    )
  )
  var from: Int

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The index of the second state: the state after this action.", valueName: "index"
    )
  )
  var to: Int

  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    let reader = try await sessionOptions.reader()
    let old = try reader.stateJSON(at: from)
    let new = try reader.stateJSON(at: to)
    if output.json {
      // As a JSONValue, so the members of each operation are sorted like every other object
      // rkdebug prints (docs/cli-json.md), not in the patch's own op, path, value, old order.
      print(JSONValue.array(JSONValue.diff(from: old, to: new).map(\.jsonValue)).serialized())
      return
    }
    let (text, typedFailure) = StateDiffText(session: reader.session).diff(from: old, to: new)
    if let typedFailure {
      print("rkdebug: warning: \(typedFailure)", to: &StandardError.stream)
    }
    print(Terminal.current.coloredDiff(text ?? "(No state changes)"))
  }
}
