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
      action into a SQLite log. rkdebug lists, prints, reconstructs, diffs, replays, steps, \
      searches and bisects that log. Index 0 is the initial state; the state at N is the state after \
      action N.

      The log is --db PATH, else $RKDEBUG_DB, else ./rkdebug.sqlite; the session is \
      --session ID, else the newest. Output is colored only on a terminal and never when \
      NO_COLOR is set to a non-empty value; replaying, importing, listing (log) or exporting \
      many actions shows progress on standard error when it is a terminal, never when the \
      output is piped. A closed pipe (rkdebug log | head) stops a command quietly. An \
      error is one line on standard error, 'rkdebug: error: ...', with a non-zero exit \
      status (64 for a usage error). Commands that only read the log never write to it.

      PATHS (state --path, history --path, the stepper's 'state')

      A path to a value inside a state is written as in Swift: todos[2].title, \
      settings.theme, todos.count. A name (letters, digits, _ and $, not starting with a \
      digit) is a property; [N] is an array element, or the member N of a dictionary with \
      integer keys; ["key"] or ['key'] is a member whose name is not a name, such as \
      settings["dark mode"], and may start a path too. .count is the length of an array, an \
      object or a string, unless the object has a real count member. A path through an \
      optional that is nil gives nil. A name that no state of the session has but that is \
      close to one that does is refused as a typo (did you mean 'title'?); with --path any \
      name that no state has is refused.

      PREDICATES (find --where, bisect --where, the stepper's 'until')

      A predicate is a condition on the state, written as in Swift: todos.count > 3 && \
      !isLoading, or todos[0].title contains "milk" || filter == "completed". Its values are \
      paths, numbers (3, -2, 0.5, 1e3, 1_000), strings in double or single quotes (with the \
      escapes \\" \\' \\\\ \\n \\t \\r \\0 \\u{41}), true, false and nil; in a predicate a \
      name that no state has reads as nil.

      Comparisons: == and != compare numbers by value, arrays and objects member by member, \
      nil only with nil, and a string with an enum case it names (status == "loading"); <, \
      <=, > and >= order numbers with numbers and strings with strings, and are false when \
      either side is nil; contains finds a substring in a string, an element in an array or \
      a member name in an object, and is false on nil. Comparisons do not chain: join them \
      with &&.

      A bare path or value means "is true": true, a number other than 0, or a non-empty \
      string, array or object (false, nil, 0 and empty values are false). ! negates the \
      operand right after it (write !(a == b) to negate a comparison), && binds tighter than \
      ||, and parentheses group. A property named true, false, nil or contains starts a path \
      as ["nil"].

      LIMITS

      A path, a predicate or a line of the stepper is at most 65536 bytes (64 KiB) of UTF-8, \
      and a predicate nests at most 256 levels deep: each '(', '!', '&&' and '||' is one \
      level (a chain of 300 conditions joined with && is too deep; group it with \
      parentheses). Past either, the command stops with one error line naming the column \
      (exit status 64 for --where and --path). A line of a record --actions file is at most \
      16 MiB; it, and the JSON of logs and exports, nests at most 512 levels deep.

      ENVIRONMENT

      RKDEBUG_DB: the log to use when --db is not given (empty counts as unset); --db wins \
      over it, and without either the log is ./rkdebug.sqlite.

      NO_COLOR: when set to any non-empty value, output is never colored (an empty value \
      is ignored, as no-color.org asks). Without it, output is colored only when standard \
      output is a terminal, never when piped or redirected.

      REDUCERKIT_RECORD_DIR: read by ReducerKitTesting, not by rkdebug. When it names a \
      folder while tests run, every TestStore of a recordable feature (state \
      ObservableStateProtocol & Codable, action Codable & Sendable) that is not recorded \
      already records its session into a log file of its own in that folder, named after \
      the test file and test (CounterTests.incrementTwice.sqlite; characters other than \
      letters, digits, '.', '-' and '_' become '_'). The folder is created if needed. The \
      first store of a test in a run replaces the file an earlier run left; later stores of \
      the same test add sessions to it. The sessions are listed under the reducer's type \
      name, and a failing test's message names its file, to open with rkdebug --db FILE.
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
      FindCommand.self,
      RecordCommand.self,
      ExportCommand.self,
      ImportCommand.self,
      TestgenCommand.self,
      FeaturesCommand.self,
      UICommand.self,
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
}
