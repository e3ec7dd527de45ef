import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug history`: every action that changed one value.
struct HistoryCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "List every action that changed the value at a path, with its old and new value.",
    discussion: """
      An action is listed when the value at the path differs before and after it: because \
      the value itself changed, something under it changed, or a value above it was \
      replaced. It works from the patches, rebuilding only the value at the path.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A Swift-style path to the value: todos[2].title, todos.count.",
      discussion: "The same paths as 'rkdebug state --path'.",
      valueName: "path"
    )
  )
  var path: String

  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    let valuePath = try ValuePath.parsingArgument(path)
    let reader = try sessionOptions.reader()
    let changes = try PathHistory(path: valuePath, reader: reader).changes()
    if output.json {
      for change in changes {
        print(change.json.serialized())
      }
      return
    }
    guard !changes.isEmpty else {
      print("(no action changed \(valuePath))")
      return
    }
    let terminal = Terminal.current
    let width = String(changes.last!.action.index).count
    for change in changes {
      let index = String(change.action.index)
      let padding = String(repeating: " ", count: width - index.count)
      print(terminal.styled(padding + index, .bold) + "  " + change.action.singleLineLabel)
      let indent = String(repeating: " ", count: width + 2)
      print(
        indent + terminal.styled(Self.text(change.old), .red) + " → "
          + terminal.styled(Self.text(change.new), .green)
      )
    }
  }

  /// A value on one line: a scalar as custom-dump prints it (`"Milk"`, `3`, `nil`), an array
  /// or object as compact JSON.
  static func text(_ value: JSONValue?) -> String {
    guard let value else { return "nil" }
    switch value {
    case .array, .object: return value.serialized()
    case .null, .bool, .number, .string: return JSONDump.scalar(value)
    }
  }
}
