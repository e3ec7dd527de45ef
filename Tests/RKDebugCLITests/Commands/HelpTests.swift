import ArgumentParser
import Foundation
import Testing

@testable import RKDebugCLI

/// Help and the version, in process: whole help texts as golden text, at 80 columns. The root
/// help stays short; the grammars of paths and predicates live in 'help state' and 'help find'.
@Suite struct HelpTests {
  @Test func rootHelp() throws {
    let report = try #require(parseReport(["--help"]))
    #expect(report.status == 0)
    #expect(report.message == nil)
    #expect(report.output == Self.rootHelp)
    #expect(parseReport(["help"])?.output == Self.rootHelp)
  }

  @Test func everySubcommandHasHelp() throws {
    ShippedRKDebug.installed
    for command in RKDebug.configuration.subcommands {
      let name = try #require(command.configuration.commandName)
      let help = RKDebug.helpMessage(for: command, columns: 80)
      #expect(help.contains("\nUSAGE: rkdebug \(name)"), "\(name)")
      #expect(Self.rootHelp.contains("\n  \(name) "), "\(name)")
      for arguments in [["help", name], [name, "--help"]] {
        let report = try #require(parseReport(arguments), "\(arguments)")
        #expect(report.status == 0, "\(arguments)")
        #expect(report.message == nil, "\(arguments)")
        #expect(report.output == help, "\(arguments)")
      }
    }
  }

  /// Paths are described under 'rkdebug help state'.
  @Test func stateHelp() throws {
    #expect(parseReport(["help", "state"])?.output == Self.stateHelp)
  }

  /// Predicates and the limits of paths and predicates are described under 'rkdebug help find'.
  @Test func findHelp() throws {
    #expect(parseReport(["help", "find"])?.output == Self.findHelp)
  }

  @Test func version() throws {
    let report = try #require(parseReport(["--version"]))
    #expect(report.status == 0)
    #expect(report.message == nil)
    #expect(report.output == "0.1.0")
  }

  /// Help goes to standard output with status 0, through the built executable.
  @Test func helpIsPrintedOnStandardOutput() throws {
    let help = try RKDebugProcess.run(["--help"], environment: ["COLUMNS": "80"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(help.stdout == Self.rootHelp + "\n")
  }

  static let rootHelp = #"""
    OVERVIEW: Record, inspect, replay and bisect ReducerKit action logs.

    A recording store writes every action, every effect's life and the state patch
    of each action into a SQLite log. rkdebug lists, prints, reconstructs, diffs,
    replays, steps, searches and bisects that log. Index 0 is the initial state;
    the state at N is the state after action N.

    The log is --db PATH, else $RKDEBUG_DB, else ./rkdebug.sqlite; the session is
    --session ID, else the newest. Output is colored only on a terminal and never
    when NO_COLOR is set to a non-empty value; replaying, importing, listing (log)
    or exporting many actions shows progress on standard error when it is a
    terminal, never when the output is piped. A closed pipe (rkdebug log | head)
    stops a command quietly. An error is one line on standard error, 'rkdebug:
    error: ...', with a non-zero exit status (64 for a usage error). Commands that
    only read the log never write to it.

    Paths into a state (todos[2].title) are described under 'rkdebug help state',
    predicates (todos.count > 3 && !isLoading) and the limits of both under
    'rkdebug help find'.

    ENVIRONMENT

    RKDEBUG_DB: the log to use when --db is not given (empty counts as unset); --db
    wins over it, and without either the log is ./rkdebug.sqlite.

    NO_COLOR: when set to any non-empty value, output is never colored (an empty
    value is ignored, as no-color.org asks). Without it, output is colored only
    when standard output is a terminal, never when piped or redirected.

    REDUCERKIT_RECORD_DIR: read by ReducerKitTesting, not by rkdebug: when it names
    a folder while tests run, each TestStore of a recordable feature records its
    session into a log there named after the test
    (CounterTests.incrementTwice.sqlite), and a failing test's message names the
    file to open with rkdebug --db FILE.

    RKDEBUG_TOKEN: the collector's token for push, pull and --db URL (a token file
    with --token-file for push and pull); never taken on the command line.

    RKDEBUG_CA_FILE: a PEM file of certificate authorities trusted, beside the
    system's, for a collector served over HTTPS with a certificate of your own
    authority.

    RKDEBUG_CACHE_DIR: where --db URL keeps its cache logs of a collector's
    sessions (else $XDG_CACHE_HOME/rkdebug, else ~/.cache/rkdebug).

    USAGE: rkdebug <subcommand>

    OPTIONS:
      --version               Show the version.
      -h, --help              Show help information.

    SUBCOMMANDS:
      sessions                List the sessions of the log.
      log                     List the actions of a session, one per line.
      changes                 Print each action and its state change in TCA's
                              _printChanges() format.
      state                   Print the state at an action index, or one value
                              inside it.
      diff                    Print the difference between the states at two action
                              indices.
      history                 List every action that changed the value at a path,
                              with its old and new value.
      replay                  Replay a session through the current reducer and
                              check every state.
      bisect                  Find the first action after which something went
                              wrong.
      find                    List every range of indices where a predicate holds.
      record                  Record a session of a registered feature.
      export                  Write a session as JSON Lines, for 'rkdebug import'
                              or other tools.
      import                  Add a session exported with 'rkdebug export' to the
                              log, and print its id.
      testgen                 Write a Swift Testing test that reproduces a session
                              with a TestStore.
      features                List the features this rkdebug can record and replay.
      attach                  Attach to a running app's live link: pause, jump,
                              skip, dispatch, load.
      ui                      Serve a read-only web inspector over the log, or
                              write one session to a page.
      serve                   Collect sessions over HTTP into PostgreSQL or a log
                              file.
      push                    Send sessions of the log to an 'rkdebug serve'
                              collector.
      pull                    Copy a session from an 'rkdebug serve' collector into
                              a local log.
      demo                    Record a sample session and tour the commands on it.

      See 'rkdebug help <subcommand>' for detailed help.
    """#

  static let stateHelp = #"""
    OVERVIEW: Print the state at an action index, or one value inside it.

    The state at N is the state after action N; 0 is the initial state. It is
    printed as JSON with sorted keys, indented two spaces. With --path, only the
    value at that path is printed; a string, number or Boolean as it is, nil for an
    optional that is nil.

    PATHS (state --path, history --path, the stepper's 'state')

    A path to a value inside a state is written as in Swift: todos[2].title,
    settings.theme, todos.count. A name (letters, digits, _ and $, not starting
    with a digit) is a property; [N] is an array element, or the member N of a
    dictionary with integer keys; ["key"] or ['key'] is a member whose name is not
    a name, such as settings["dark mode"], and may start a path too. .count is the
    length of an array, an object or a string, unless the object has a real count
    member. [id: N] or [id: "text"] is the element of an array whose id is that
    value: a row of an identified array, or a screen of a navigation stack
    (path[id: 3]). As in Swift, a stack's element is the screen itself
    (path[0].detail.title), and an enum case with one associated value reaches into
    that value (destination.edit.title: the edit form of a presented destination),
    with or without the _0 the JSON spells (destination.edit._0.title). A path
    through an optional that is nil, or an enum in another case, gives nil. A name
    that no state of the session has but that is close to one that does is refused
    as a typo (did you mean 'title'?); with --path any name that no state has is
    refused. A --path that is not a path is a usage error (exit status 64) naming
    the column where it goes wrong.

    USAGE: rkdebug state [--db <path>] [--session <id>] --at <index> [--path <path>] [--json]

    OPTIONS:
      --db <path>             The log file. Defaults to $RKDEBUG_DB, then
                              ./rkdebug.sqlite.
            Commands that only read the log open it read-only and never change it
            (a log that cannot be written, on a read-only disk say, is read without
            creating any file beside it); record, import and demo create it if it
            does not exist. PATH is always a file's path, never an SQLite URI; a
            folder, FIFO or device is refused. The commands that read sessions also
            take the URL of an 'rkdebug serve' collector (http://HOST:PORT, its
            read token in $RKDEBUG_TOKEN): they read the sessions they need into a
            cache log (docs/collector.md).
      --session <id>          The session id. Defaults to the newest session.
            'rkdebug sessions' lists the sessions of the log with their ids.
      --at <index>            The action index: the state after this action (0 is
                              the initial state).
      --path <path>           A Swift-style path to one value: todos[2].title,
                              child.count.
            Names are properties or enum cases, [N] array elements, [id: N] the
            element with that id, ["key"] members whose name is not an identifier;
            .count of an array, object or string is its length. PATHS below
            describes them in full.
      --json                  Print JSON (JSON Lines for lists) instead of text.
            docs/cli-json.md documents the JSON of each command.
      --version               Show the version.
      -h, --help              Show help information.

    """#

  static let findHelp = #"""
    OVERVIEW: List every range of indices where a predicate holds.

    Index 0 is the initial state and index N the state after action N. The session
    is read once, forwards: each state is the one before with its action's patch
    applied, so memory does not grow with the session's length. Each range is
    printed as soon as it ends, one a line: its first and last index joined by an
    ellipsis (U+2026), for a range where the predicate holds from 12 to 40 and not
    at 41, or one index, such as 97. --first prints only the first index where it
    holds, and stops reading there; --last only the last.

    Unlike 'bisect --where', find assumes nothing: the predicate may start and stop
    holding any number of times.

    --all-sessions searches every session of the log (or those that --feature,
    --since, --until, --metadata and --failed keep, as for 'sessions'), several at
    a time, one per core: one line per session where the predicate holds, in the
    sessions' order, its id, feature and ranges (session 3 (todos): 12…40, 97), or
    with --first or --last its one index. Sessions where it holds nowhere are left
    out. Names are not checked across sessions, since sessions of other features
    lack them: filter with --feature. With --db URL the collector runs the search
    on its own cores and sends the answers.

    When the predicate holds at no index, find prints a line saying so (nothing
    with --json, or {"index":null} with --first or --last) and exits with status 1,
    as grep does; 0 means it holds somewhere. A name in EXPR that no state of the
    session has reads as nil: find warns about it on standard error (rkdebug:
    warning: ...), or with --strict fails. A name close to an existing one is
    refused as a typo.

    PREDICATES (find --where, bisect --where, the stepper's 'until')

    A predicate is a condition on the state, written as in Swift: todos.count > 3
    && !isLoading, or todos[0].title contains "milk" || filter == "completed". Its
    values are paths, numbers (3, -2, 0.5, 1e3, 1_000), strings in double or single
    quotes (with the escapes \" \' \\ \n \t \r \0 \u{41}), true, false and nil; in
    a predicate a name that no state has reads as nil.

    Comparisons: == and != compare numbers by value, arrays and objects member by
    member, nil only with nil, and a string with an enum case it names (status ==
    "loading"); <, <=, > and >= order numbers with numbers and strings with
    strings, and are false when either side is nil; contains finds a substring in a
    string, an element in an array or a member name in an object, and is false on
    nil. Comparisons do not chain: join them with &&.

    A bare path or value means "is true": true, a number other than 0, or a
    non-empty string, array or object (false, nil, 0 and empty values are false). !
    negates the operand right after it (write !(a == b) to negate a comparison), &&
    binds tighter than ||, and parentheses group. A property named true, false, nil
    or contains starts a path as ["nil"]. A --where that is not a predicate is a
    usage error (exit status 64) naming the column where it goes wrong.

    LIMITS

    A path, a predicate or a line of the stepper is at most 65536 bytes (64 KiB) of
    UTF-8, and a predicate nests at most 256 levels deep: each '(', '!', '&&' and
    '||' is one level (a chain of 300 conditions joined with && is too deep; group
    it with parentheses). Past either, the command stops with one error line naming
    the column (a usage error, exit status 64, for --where and --path). A line of a
    record --actions file is at most 16 MiB; it, and the JSON of logs and exports,
    nests at most 512 levels deep.

    USAGE: rkdebug find [<options>] --where <expr>

    FILTERS (WITH --ALL-SESSIONS):
      --feature <name>        Only sessions recorded under this feature name.
      --since <time>          Only sessions that started at or after this time.
            A time is a date (2026-11-27, midnight in the local time zone), a date
            and time as 'sessions' prints them (2026-11-27 14:05 or 2026-11-27
            14:05:09, local time), an ISO 8601 time with its zone
            (2026-11-27T14:05:09Z), or a span back from now: a number and s, m, h,
            d or w (90m, 1d, 2w).
      --until <time>          Only sessions that started before this time (written
                              as for --since).
      --metadata <key=value>  Only sessions whose metadata has this key with this
                              value; repeat for more.
            What the recorder wrote with the session: host and pid.
      --failed/--no-failed    Only sessions with an effect that failed
                              (--no-failed: only sessions without one).

    OPTIONS:
      --db <path>             The log file. Defaults to $RKDEBUG_DB, then
                              ./rkdebug.sqlite.
            Commands that only read the log open it read-only and never change it
            (a log that cannot be written, on a read-only disk say, is read without
            creating any file beside it); record, import and demo create it if it
            does not exist. PATH is always a file's path, never an SQLite URI; a
            folder, FIFO or device is refused. The commands that read sessions also
            take the URL of an 'rkdebug serve' collector (http://HOST:PORT, its
            read token in $RKDEBUG_TOKEN): they read the sessions they need into a
            cache log (docs/collector.md).
      --session <id>          The session id. Defaults to the newest session.
            'rkdebug sessions' lists the sessions of the log with their ids.
      --where <expr>          The predicate to find.
            Swift-style: paths (todos[2].title, todos.count), numbers, strings,
            true, false and nil, compared with == != < <= > >= contains and joined
            with && || ! and parentheses; a bare path means "is true". PREDICATES
            and LIMITS below describe them in full; 'rkdebug help state' describes
            paths.
      --first                 Print only the first index where the predicate holds.
      --last                  Print only the last index where the predicate holds.
      --strict                Fail, instead of warning, when the predicate names
                              something no state has.
      --all-sessions          Search every session of the log (or those the filters
                              keep), side by side.
      --json                  Print JSON (JSON Lines for lists) instead of text.
            docs/cli-json.md documents the JSON of each command.
      --version               Show the version.
      -h, --help              Show help information.

    """#
}

/// `rkdebug help NAME` for a NAME that is no command, through the built executable.
@Suite struct UnknownHelpTopicTests {
  @Test func isAnError() throws {
    for arguments in [["help", "nonexistent"], ["help", "log", "nonexistent"]] {
      let result = try RKDebugProcess.run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stdout == "", "\(arguments)")
      #expect(result.stderrLines.count == 1, "\(arguments)")
    }
    let result = try RKDebugProcess.run(["help", "nonexistent"])
    #expect(
      result.stderrLines == [
        "rkdebug: error: no command 'nonexistent' to describe; the commands are: sessions, log, "
          + "changes, state, diff, history, replay, bisect, find, record, export, import, "
          + "testgen, features, attach, ui, serve, push, pull, demo (see 'rkdebug help')"
      ])
  }
}
