import ArgumentParser
import Foundation
import ReducerKitDebug

/// The `rkdebug` command: a time-travel debugger over ReducerKit action logs.
///
/// A tool registers its features and hands over to ``main(features:arguments:)``:
///
/// ```swift
/// // Sources/rkdebug/main.swift
/// import RKDebugCLI
/// import ReducerKitSamples
///
/// await RKDebug.main(features: SampleFeatures.all)
/// ```
///
/// Every failure prints one line, `rkdebug: error: …`, on standard error and exits non-zero:
/// a usage error with 64, a log that cannot be read or any other failure with 1 (or the
/// ``RKDebugError/exitCode`` of an ``RKDebugError``).
public struct RKDebug: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "rkdebug",
    abstract: "Record, inspect, replay and bisect ReducerKit action logs.",
    discussion: """
      A recording store writes every action, every effect's life and the state patch of each \
      action into a SQLite log. rkdebug lists, prints, reconstructs, diffs, replays, steps \
      and bisects that log. Index 0 is the initial state; the state at N is the state after \
      action N.

      The log is --db PATH, else $RKDEBUG_DB, else ./rkdebug.sqlite; the session is \
      --session ID, else the newest. Output is colored only on a terminal and never when \
      NO_COLOR is set.
      """,
    version: "0.1.0",
    subcommands: [
      SessionsCommand.self,
      LogCommand.self,
      ChangesCommand.self,
      StateCommand.self,
      DiffCommand.self,
      HistoryCommand.self,
      ReplayCommand.self,
      BisectCommand.self,
      RecordCommand.self,
      ExportCommand.self,
      ImportCommand.self,
      FeaturesCommand.self,
      DemoCommand.self,
    ]
  )

  public init() {}

  /// Runs `rkdebug` with `features` registered, parsing `arguments` (the process's arguments
  /// by default), and exits. This is the whole `main` of an `rkdebug` executable.
  public static func main(features: [DebugFeature], arguments: [String]? = nil) async {
    FeatureRegistry.features = features
    await main(arguments)
  }

  /// Parses `arguments` (the process's arguments by default), runs the command and exits with
  /// its status, printing any failure as one `rkdebug: error: …` line.
  public static func main(_ arguments: [String]?) async {
    let status = await run(arguments ?? Array(CommandLine.arguments.dropFirst()))
    Foundation.exit(status)
  }

  /// Parses and runs one command line, returning the exit status instead of exiting.
  ///
  /// Help (`--help`, `help`), `--version` and completion scripts print on standard output
  /// with status 0; failures print one line on standard error.
  static func run(_ arguments: [String]) async -> Int32 {
    do {
      var command = try await asyncParseAsRoot(arguments)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      return 0
    } catch {
      return ErrorReport(error: error, arguments: arguments).print()
    }
  }
}
