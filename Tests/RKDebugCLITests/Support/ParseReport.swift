import ArgumentParser
import Testing

@testable import RKDebugCLI

/// What `rkdebug` reports for a command line that parsing stops (a usage error, help, the
/// version), found in process with argument-parser's own parser: no `rkdebug` process runs.
///
/// ```swift
/// let report = try #require(parseReport(["state"]))
/// #expect(report.status == 64)
/// ```
///
/// - Returns: The report `rkdebug` prints, with help laid out for `columns`; `nil` when the
///   arguments parse into a command to run.
func parseReport(_ arguments: [String], columns: Int = 80) -> ErrorReport? {
  ShippedRKDebug.installed
  do {
    var command = try RKDebug.parseAsRoot(arguments)
    // `help` and `--help` parse into argument-parser's help command, which throws the help
    // when run; any other command is not run.
    if type(of: command).configuration.commandName == "help" {
      try command.run()
    }
    return nil
  } catch {
    return ErrorReport(error: error, arguments: arguments, columns: columns)
  }
}

/// Expects `arguments` to be a usage error: status 64, nothing for standard output, and the
/// line `rkdebug: error: <message>` for standard error.
func expectUsageError(
  _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let report = parseReport(arguments) else {
    Issue.record("\(arguments) parsed", sourceLocation: sourceLocation)
    return
  }
  #expect(report.status == 64, "\(arguments)", sourceLocation: sourceLocation)
  #expect(report.output == nil, "\(arguments)", sourceLocation: sourceLocation)
  #expect(report.message == message, "\(arguments)", sourceLocation: sourceLocation)
}
