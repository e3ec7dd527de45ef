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
    ),
    transform: ValuePath.init(parsing:)
  )
  var path: ValuePath

  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    let reader = try await sessionOptions.reader()
    var sink = try LineSink(path: nil)
    try write(reader, to: &sink)
    try sink.finish()
  }

  /// Writes each action that changed the value at the path to `sink` as it is found.
  ///
  /// Indices are as wide as the session's last one: the changes are printed before the last
  /// is known.
  func write(
    _ reader: SessionReader, to sink: inout LineSink,
    terminal: Terminal = .current, chunkSize: Int = 4096
  ) throws {
    var count = 0
    let width = String(reader.actionCount).count
    try PathHistory(path: path, reader: reader).forEachChange(chunkSize: chunkSize) {
      change in
      count += 1
      if output.json {
        try sink.write(change.json.serialized())
        return
      }
      // Written in parts into the sink: two lines per change are most of the output.
      let index = String(change.action.index)
      if terminal.isColored {
        let padding = String(repeating: " ", count: width - index.count)
        sink.append(terminal.styled(padding + index, .bold))
      } else {
        sink.appendSpaces(width - index.count)
        sink.append(index)
      }
      sink.append("  ")
      sink.append(change.action.singleLineLabel)
      try sink.endLine()
      sink.appendSpaces(width + 2)
      sink.append(terminal.styled(Self.text(change.old), .red))
      sink.append(" → ")
      sink.append(terminal.styled(Self.text(change.new), .green))
      try sink.endLine()
    }
    if count == 0, !output.json {
      try sink.write("(no action changed \(path))")
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
