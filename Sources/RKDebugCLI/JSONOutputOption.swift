import ArgumentParser
import ReducerKitDebug

/// The `--json` flag of commands whose output is data.
struct JSONOutputOption: ParsableArguments {
  @Flag(
    name: .long,
    help: ArgumentHelp(
      "Print JSON (JSON Lines for lists) instead of text.",
      discussion: "docs/cli-json.md documents the JSON of each command."
    )
  )
  var json = false
}

extension JSONOutputOption {
  /// Prints a list: with `--json` one line per item, else `empty` when there is none, else the
  /// lines of `text`.
  func printList<Item>(
    _ items: [Item], json: (Item) -> JSONValue, empty: @autoclosure () -> String,
    text: ([Item]) -> [String]
  ) {
    if self.json {
      for item in items { print(json(item).serialized()) }
    } else if items.isEmpty {
      print(empty())
    } else {
      print(text(items).joined(separator: "\n"))
    }
  }
}
