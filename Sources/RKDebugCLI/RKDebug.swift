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
/// A tool that also depends on the RKDebugCollector product passes `team: .collector` for
/// `serve`, `push`, `pull` and `--db URL` (``TeamCommands``).
///
/// Every failure prints one line, `rkdebug: error: …`, on standard error and exits non-zero:
/// a usage error with 64, a log that cannot be read or any other failure with 1 (or the
/// ``RKDebugError/exitCode`` of an ``RKDebugError``).
public struct RKDebug: AsyncParsableCommand {
  public static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "rkdebug",
      abstract: "Record, inspect, replay and bisect ReducerKit action logs.",
      discussion: """
        A recording store writes every action, every effect's life and the state patch of each \
        action into a SQLite log. rkdebug lists, prints, reconstructs, diffs, replays, steps, \
        searches and bisects that log. Index 0 is the initial state; the state at N is the state \
        after action N.

        The log is --db PATH, else $RKDEBUG_DB, else ./rkdebug.sqlite; the session is \
        --session ID, else the newest. Output is colored only on a terminal and never when \
        NO_COLOR is set to a non-empty value; replaying, importing, listing (log) or exporting \
        many actions shows progress on standard error when it is a terminal, never when the \
        output is piped. A closed pipe (rkdebug log | head) stops a command quietly. An \
        error is one line on standard error, 'rkdebug: error: ...', with a non-zero exit \
        status (64 for a usage error). Commands that only read the log never write to it.

        Paths into a state (todos[2].title) are described under 'rkdebug help state', \
        predicates (todos.count > 3 && !isLoading) and the limits of both under \
        'rkdebug help find'.

        ENVIRONMENT

        RKDEBUG_DB: the log to use when --db is not given (empty counts as unset); --db wins \
        over it, and without either the log is ./rkdebug.sqlite.

        NO_COLOR: when set to any non-empty value, output is never colored (an empty value \
        is ignored, as no-color.org asks). Without it, output is colored only when standard \
        output is a terminal, never when piped or redirected.

        REDUCERKIT_RECORD_DIR: read by ReducerKitTesting, not by rkdebug: when it names a \
        folder while tests run, each TestStore of a recordable feature records its session \
        into a log there named after the test (CounterTests.incrementTwice.sqlite), and a \
        failing test's message names the file to open with rkdebug --db FILE.

        RKDEBUG_TOKEN: the collector's token for push, pull and --db URL (a token file with \
        --token-file for push and pull); never taken on the command line.

        RKDEBUG_CA_FILE: a PEM file of certificate authorities trusted, beside the system's, \
        for a collector served over HTTPS with a certificate of your own authority.

        RKDEBUG_CACHE_DIR: where --db URL keeps its cache logs of a collector's sessions \
        (else $XDG_CACHE_HOME/rkdebug, else ~/.cache/rkdebug).
        """,
      version: "0.1.0",
      subcommands: subcommands(team: TeamCommands.installed)
    )
  }

  /// The commands of an `rkdebug` with `team`'s: every `rkdebug`'s, the team's after `ui`,
  /// and `demo` last.
  static func subcommands(team: TeamCommands?) -> [any ParsableCommand.Type] {
    let core: [any ParsableCommand.Type] = [
      SessionsCommand.self,
      LogCommand.self,
      ChangesCommand.self,
      StateCommand.self,
      DiffCommand.self,
      HistoryCommand.self,
      ReplayCommand.self,
      BisectCommand.self,
      FindCommand.self,
      RecordCommand.self,
      ExportCommand.self,
      ImportCommand.self,
      TestgenCommand.self,
      FeaturesCommand.self,
      AttachCommand.self,
      UICommand.self,
    ]
    return core + (team?.commands ?? []) + [DemoCommand.self]
  }

  public init() {}

  /// Runs `rkdebug` with `features` registered, and `team`'s commands when given, parsing
  /// `arguments` (the process's arguments by default), and exits. This is the whole `main` of
  /// an `rkdebug` executable.
  public static func main(
    features: [DebugFeature], team: TeamCommands? = nil, arguments: [String]? = nil
  ) async {
    FeatureRegistry.features = features
    TeamCommands.installed = team
    await main(arguments)
  }

  /// Parses `arguments` (the process's arguments by default), runs the command and exits with
  /// its status, printing any failure as one `rkdebug: error: …` line.
  public static func main(_ arguments: [String]?) async {
    // A reader that closes the pipe (`rkdebug log | head`) makes writes fail with EPIPE, which
    // commands take as a quiet stop (``OutputClosed``), instead of killing the process.
    signal(SIGPIPE, SIG_IGN)
    let status = await run(arguments ?? Array(CommandLine.arguments.dropFirst()))
    Foundation.exit(status)
  }

  /// Parses and runs one command line, returning the exit status instead of exiting.
  ///
  /// Help (`--help`, `help`), `--version` and completion scripts print on standard output
  /// with status 0; failures print one line on standard error.
  static func run(_ arguments: [String]) async -> Int32 {
    do {
      try checkTeamCommands(arguments, team: TeamCommands.installed)
      try checkHelpTopics(arguments)
      var command = try await asyncParseAsRoot(arguments)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      return 0
    } catch is OutputClosed {
      return 0
    } catch {
      return ErrorReport(error: error, arguments: arguments).print()
    }
  }

  /// Refuses `serve`, `push` and `pull` with the reason when `team` is `nil` (the tool was
  /// built without the RKDebugCollector product), rather than as unknown commands.
  static func checkTeamCommands(_ arguments: [String], team: TeamCommands?) throws {
    guard team == nil, let name = arguments.first, TeamCommands.names.contains(name) else {
      return
    }
    throw TeamCommands.missing("rkdebug \(name)")
  }

  /// Refuses `rkdebug help NAME` when NAME is not a command (argument-parser would print the
  /// general help and exit 0, as if the topic existed).
  static func checkHelpTopics(_ arguments: [String]) throws {
    guard arguments.first == "help" else { return }
    var subcommands = RKDebug.configuration.subcommands
    for name in arguments.dropFirst() {
      if name.hasPrefix("-") { continue }
      var names: [String] = []
      var found: (any ParsableCommand.Type)?
      for subcommand in subcommands {
        let subcommandName = subcommand._commandName
        names.append(subcommandName)
        if subcommandName == name { found = subcommand }
      }
      guard let found else {
        throw ValidationError(
          "no command \(InputLimits.quoted(name)) to describe; the commands are: "
            + names.joined(separator: ", "))
      }
      subcommands = found.configuration.subcommands
    }
  }
}
