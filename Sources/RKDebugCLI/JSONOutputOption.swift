import ArgumentParser

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
