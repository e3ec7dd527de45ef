import ArgumentParser
import Testing

@testable import RKDebugCLI

/// Paths, predicates and usage errors as the parser reads them, in process: every malformed
/// `--path` or `--where` is the parser's own usage error (status 64) with the column where it
/// goes wrong. `StateCommandTests` runs one through the built executable.
@Suite struct ArgumentParsingTests {
  // MARK: - Paths and predicates

  @Test func pathsAndPredicatesParseIntoTheirTypes() throws {
    #expect(
      try StateCommand.parse(["--at", "3", "--path", "books[0].title"]).path
        == ValuePath(parsing: "books[0].title"))
    #expect(try StateCommand.parse(["--at", "3"]).path == nil)
    #expect(try HistoryCommand.parse(["--path", "count"]).path == ValuePath(parsing: "count"))
    #expect(
      try FindCommand.parse(["--where", "count > 3 && !isLoading"]).predicate
        == Predicate(parsing: "count > 3 && !isLoading"))
    #expect(
      try BisectCommand.parse(["--where", "note != nil"]).predicate
        == Predicate(parsing: "note != nil"))
  }

  @Test(arguments: [
    // An unclosed bracket, a bad operator, trailing garbage, an empty path, and more.
    ("books[0", "expected ']' to close the '[' at column 6, found the end at column 8"),
    ("count = 3", "unexpected '='; compare with '==' at column 7"),
    ("count ==", "unexpected '==' after the path; expected '.name' or '[index]' at column 7"),
    (
      "books[0].title)",
      "unexpected ')' after the path; expected '.name' or '[index]' at column 15"
    ),
    ("", "expected a path such as 'todos[2].title' at column 1"),
    ("books..title", "expected a property name after '.' (column 6), found '.' at column 7"),
    ("books[-1]", "an index is a whole number from 0, not -1 at column 7"),
    (#"books["a"#, "unterminated string starting at column 7"),
  ])
  func malformedPathsAreUsageErrors(path: String, problem: String) throws {
    for command in [["state", "--at", "3"], ["history"]] {
      let arguments = command + ["--path", path, "--db", "log.sqlite"]
      let error = try #require(Self.parseError(arguments))
      #expect(RKDebug.exitCode(for: error) == .validationFailure)
      expectUsageError(
        arguments,
        "The value '\(path)' is invalid for '--path <path>': \(problem) "
          + "(see 'rkdebug help \(command[0])')")
    }
  }

  @Test(arguments: [
    // An unclosed bracket, a bad operator, trailing garbage, an empty predicate, and more.
    ("(count > 3", "expected ')' to close the '(' at column 1, found the end at column 11"),
    ("books[0 == 1", "expected ']' to close the '[' at column 6, found '==' at column 9"),
    ("count => 3", "unexpected '='; compare with '==' at column 7"),
    ("count # 3", "unexpected character '#' at column 7"),
    ("count > 3 )", "unexpected ')' without a matching '(' at column 11"),
    (
      "count > 3 4",
      "unexpected '4'; expected '&&', '||', a comparison or the end at column 11"
    ),
    ("", "expected a predicate such as 'count > 3 && !isLoading' at column 1"),
    ("count ==", "expected a value after '==' at column 9"),
    ("count > 3 &&", "expected a value after '&&' at column 13"),
    ("count < 2 < 3", "comparisons cannot be chained; join them with '&&' at column 11"),
  ])
  func malformedPredicatesAreUsageErrors(predicate: String, problem: String) throws {
    for command in ["find", "bisect"] {
      let arguments = [command, "--where", predicate, "--db", "log.sqlite"]
      let error = try #require(Self.parseError(arguments))
      #expect(RKDebug.exitCode(for: error) == .validationFailure)
      expectUsageError(
        arguments,
        "The value '\(predicate)' is invalid for '--where <expr>': \(problem) "
          + "(see 'rkdebug help \(command)')")
    }
  }

  /// Input past the parsers' limits is refused with a line that quotes it by its start and
  /// length, not whole.
  @Test func inputPastTheLimitsIsAShortUsageError() throws {
    let nested = "nested too deeply: predicates nest at most 256 levels (each '(', '!', '&&' "
    for (predicate, quoted, column) in [
      (
        String(repeating: "(", count: 10_000) + "count" + String(repeating: ")", count: 10_000),
        String(repeating: "(", count: 60) + "…' (20005 bytes)", 257
      ),
      (
        String(repeating: "!", count: 40_000) + "count",
        String(repeating: "!", count: 60) + "…' (40005 bytes)", 257
      ),
      (
        String(repeating: "(", count: 10_000) + "value",
        String(repeating: "(", count: 60) + "…' (10005 bytes)", 257
      ),
    ] {
      for command in ["find", "bisect"] {
        expectUsageError(
          [command, "--where", predicate],
          "The value '\(quoted) is invalid for '--where <expr>': \(nested)and '||' is one) "
            + "at column \(column) (see 'rkdebug help \(command)')")
        let message = try #require(parseReport([command, "--where", predicate])?.message)
        #expect(message.count < 300)
      }
    }
    expectUsageError(
      ["state", "--at", "1", "--path", String(repeating: "a.", count: 40_000) + "a"],
      "The value '" + String(repeating: "a.", count: 30) + "…' (80001 bytes) is invalid for "
        + "'--path <path>': too long: 80001 bytes; paths and predicates are limited to 65536 "
        + "bytes (64 KiB) at column 65537 (see 'rkdebug help state')")
  }

  // MARK: - Other usage errors

  @Test func usageErrorsExitWith64() {
    let db = ["--db", "log.sqlite"]
    expectUsageError(
      ["state"] + db, "Missing expected argument '--at <index>' (see 'rkdebug help state')")
    expectUsageError(["log", "--bogus"] + db, "Unknown option '--bogus' (see 'rkdebug help log')")
    expectUsageError(
      ["state", "--at", "two"] + db,
      "The value 'two' is invalid for '--at <index>' (see 'rkdebug help state')")
    let unknownCommand = parseReport(["frobnicate"])
    #expect(unknownCommand?.status == 64)
    #expect(unknownCommand?.output == nil)
    #expect(unknownCommand?.message?.hasSuffix("(see 'rkdebug help')") == true)
  }

  /// The error a command line throws while parsing, or `nil` when it parses.
  static func parseError(_ arguments: [String]) -> (any Error)? {
    ShippedRKDebug.installed
    do {
      _ = try RKDebug.parseAsRoot(arguments)
      return nil
    } catch {
      return error
    }
  }
}
