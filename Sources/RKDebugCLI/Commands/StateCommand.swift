import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug state`: the state at an index, or one value inside it.
struct StateCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "state",
    abstract: "Print the state at an action index, or one value inside it.",
    discussion: """
      The state at N is the state after action N; 0 is the initial state. It is printed as \
      JSON with sorted keys, indented two spaces. With --path, only the value at that path \
      is printed; a string, number or Boolean as it is, nil for an optional that is nil.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The action index: the state after this action (0 is the initial state).",
      valueName: "index"
    )
  )
  var at: Int

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A Swift-style path to one value: todos[2].title, child.count.",
      discussion: """
        Names are properties, [N] array elements, ["key"] members whose name is not an \
        identifier; .count of an array, object or string is its length. 'rkdebug --help' \
        describes paths in full.
        """,
      valueName: "path"
    )
  )
  var path: String?

  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    let valuePath = try path.map(ValuePath.parsingArgument(_:))
    let reader = try sessionOptions.reader()
    let state = try reader.stateJSON(at: at)
    var value: JSONValue? = state
    if let valuePath {
      var resolver = PathResolver(path: valuePath, reader: reader)
      value = try resolver.value(in: state, at: at)
    }
    print(Self.text(value, json: output.json))
  }

  /// A value as `state` prints it: compact JSON with `--json`; otherwise a scalar as it is
  /// (`nil` for none) and an array or object as indented JSON.
  static func text(_ value: JSONValue?, json: Bool) -> String {
    guard let value else { return json ? "null" : "nil" }
    if json { return value.serialized() }
    switch value {
    case .null: return "nil"
    case let .bool(bool): return bool ? "true" : "false"
    case let .number(text): return text
    case let .string(string): return string
    case .array, .object: return value.serialized(pretty: true)
    }
  }
}
