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

      PATHS (state --path, history --path, the stepper's 'state')

      A path to a value inside a state is written as in Swift: todos[2].title, \
      settings.theme, todos.count. A name (letters, digits, _ and $, not starting with a \
      digit) is a property; [N] is an array element, or the member N of a dictionary with \
      integer keys; ["key"] or ['key'] is a member whose name is not a name, such as \
      settings["dark mode"], and may start a path too. .count is the length of an array, an \
      object or a string, unless the object has a real count member. [id: N] or \
      [id: "text"] is the element of an array whose id is that value: a row of an \
      identified array, or a screen of a navigation stack (path[id: 3]). As in Swift, a \
      stack's element is the screen itself (path[0].detail.title), and an enum case with one \
      associated value reaches into that value (destination.edit.title: the edit form of a \
      presented destination), with or without the _0 the JSON spells (destination.edit._0.title). \
      A path through an optional that is nil, or an enum in another \
      case, gives nil. A name that no state of the session has but that is \
      close to one that does is refused as a typo (did you mean 'title'?); with --path any \
      name that no state has is refused. A --path that is not a path is a usage error (exit \
      status 64) naming the column where it goes wrong.
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
        Names are properties or enum cases, [N] array elements, [id: N] the element with \
        that id, ["key"] members whose name is not an identifier; .count of an array, object \
        or string is its length. PATHS below describes them in full.
        """,
      valueName: "path"
    ),
    transform: ValuePath.init(parsing:)
  )
  var path: ValuePath?

  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    let reader = try await sessionOptions.reader()
    let state = try reader.stateJSON(at: at)
    var value: JSONValue? = state
    if let valuePath = path {
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
    case .bool(let bool): return bool ? "true" : "false"
    case .number(let text): return text
    case .string(let string): return string
    case .array, .object: return value.serialized(pretty: true)
    }
  }
}
