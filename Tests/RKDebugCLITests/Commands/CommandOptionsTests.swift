import ArgumentParser
import Foundation
import Testing

@testable import RKDebugCLI
@testable import RKDebugCollector

/// Each command offers `--db` and `--session` only when it uses them.
@Suite struct CommandOptionsTests {
  @Test func eachCommandOffersTheLogAndSessionOptionsItUses() {
    // (command, takes --db, takes --session), read from the parser's help in process.
    let commands: [(any ParsableCommand.Type, Bool, Bool)] = [
      (SessionsCommand.self, true, false), (LogCommand.self, true, true),
      (ChangesCommand.self, true, true), (StateCommand.self, true, true),
      (DiffCommand.self, true, true), (HistoryCommand.self, true, true),
      (ReplayCommand.self, true, true), (BisectCommand.self, true, true),
      (FindCommand.self, true, true), (RecordCommand.self, true, false),
      (ExportCommand.self, true, true), (ImportCommand.self, true, false),
      (TestgenCommand.self, true, true), (UICommand.self, true, true),
      (FeaturesCommand.self, false, false), (DemoCommand.self, true, false),
      (ServeCommand.self, true, false), (PushCommand.self, true, true),
      (PullCommand.self, true, false), (AttachCommand.self, false, false),
    ]
    ShippedRKDebug.installed
    #expect(commands.count == RKDebug.configuration.subcommands.count)
    for (command, db, session) in commands {
      let help = RKDebug.helpMessage(for: command, columns: 100)
      let name = command.configuration.commandName ?? "\(command)"
      #expect(help.contains("--db <path>") == db, "\(name)")
      #expect(help.contains("--session <id>") == session, "\(name)")
    }
  }

  /// In process: the parser refuses the option, so no command runs (or writes a file).
  @Test func sessionIsUnknownWhereItDoesNotApply() {
    for arguments in [
      ["sessions", "--session", "1"], ["import", "x.jsonl", "--session", "1"],
      ["record", "--feature", "counter", "--random", "1", "--session", "1"],
      ["demo", "--session", "1"], ["features", "--db", "x.sqlite"],
    ] {
      let option = arguments[arguments.count - 2]
      expectUsageError(
        arguments, "Unknown option '\(option)' (see 'rkdebug help \(arguments[0])')")
    }
  }

  @Test func dbDefaultsToTheEnvironmentThenTheCurrentFolder() throws {
    let directory = try TemporaryDirectory()
    let environment = ["RKDEBUG_DB": "from-environment.sqlite"]
    let recorded = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--random", "2"], in: directory.url,
      environment: environment
    )
    #expect(recorded.status == 0, "\(recorded.stderr)")
    #expect(recorded.stdout.contains(" into from-environment.sqlite: "))
    let listed = try RKDebugProcess.run(
      ["sessions", "--json"], in: directory.url, environment: environment
    )
    #expect(listed.stdout.contains(#""feature":"counter""#))
    let imported = try RKDebugProcess.run(
      ["export", "--output", "session.jsonl"], in: directory.url, environment: environment
    )
    #expect(imported.status == 0, "\(imported.stderr)")
    let again = try RKDebugProcess.run(["import", "session.jsonl"], in: directory.url)
    #expect(again.stdout == "1\n", "\(again.stderr)")
    // (A read-only connection may leave empty -wal and -shm companions.)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
      .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(Set(files) == ["from-environment.sqlite", "session.jsonl", "rkdebug.sqlite"])
  }

  @Test func dbWinsOverTheEnvironment() async throws {
    let shelf = try await RecordedLog.shelf()
    let before = try shelf.fingerprint()
    let directory = try TemporaryDirectory()
    let environment = ["RKDEBUG_DB": shelf.path]
    func run(_ arguments: [String]) throws -> ProcessResult {
      try RKDebugProcess.run(arguments, in: directory.url, environment: environment)
    }
    // $RKDEBUG_DB alone selects the log, for every reading command.
    #expect(try run(["sessions", "--json"]).stdout.contains(#""feature":"shelf""#))
    #expect(try run(["log"]).stdout.contains("Shelf.Action.increment"))
    #expect(try run(["state", "--at", "12", "--path", "title"]).stdout == "Books\n")

    // --db names another log: it wins, for writing and for reading.
    let recorded = try run(
      ["record", "--feature", "counter", "--random", "1", "--db", "mine.sqlite"]
    )
    #expect(recorded.stdout.contains(" into mine.sqlite: "), "\(recorded.stderr)")
    let db = ["--db", "mine.sqlite"]
    #expect(try run(["sessions", "--json"] + db).stdout.contains(#""feature":"counter""#))
    #expect(!(try run(["sessions", "--json"] + db).stdout.contains("shelf")))
    #expect(try run(["state", "--at", "0", "--path", "count"] + db).stdout == "0\n")
    #expect(try run(["export"] + db).stdout.contains(#""feature":"counter""#))
    let missing = try run(["log", "--db", "missing.sqlite"])
    #expect(
      missing.stderrLines.first?.hasPrefix("rkdebug: error: no log at 'missing.sqlite'") == true
    )

    // An empty $RKDEBUG_DB is the same as none: ./rkdebug.sqlite.
    let empty = try RKDebugProcess.run(
      ["log"], in: directory.url, environment: ["RKDEBUG_DB": ""]
    )
    #expect(
      empty.stderrLines.first?.hasPrefix("rkdebug: error: no log at 'rkdebug.sqlite'") == true
    )
    #expect(try shelf.fingerprint() == before)
  }
}
