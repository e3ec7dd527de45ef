import ArgumentParser
import Foundation
import ReducerKitDebug

/// What the RKDebugCollector product adds to an `rkdebug`: the team's collector (`serve`),
/// the commands that send to and fetch from one (`push`, `pull`), and the client that the read
/// commands use with `--db URL`.
///
/// Apart from RKDebugCLI, so that a tool registering its features builds without PostgreSQL,
/// TLS and HTTP client libraries; a tool that wants them passes `team: .collector` to
/// ``RKDebug/main(features:team:arguments:)``.
public struct TeamCommands {
  /// The commands, listed in `rkdebug help` after `ui`.
  package let commands: [any ParsableCommand.Type]
  /// A client of the collector at `url` that reads with the token of `$RKDEBUG_TOKEN`.
  package let connect: (_ url: String) throws -> any CollectorReading

  package init(
    commands: [any ParsableCommand.Type],
    connect: @escaping (_ url: String) throws -> any CollectorReading
  ) {
    self.commands = commands
    self.connect = connect
  }

  /// Set once by ``RKDebug/main(features:team:arguments:)`` before any command runs.
  nonisolated(unsafe) static var installed: TeamCommands?

  /// The names of the commands the RKDebugCollector product brings, for the error of a tool
  /// built without it.
  static let names: Set = ["serve", "push", "pull"]

  /// A client of the collector at `url` (`--db URL`), made by `team`.
  ///
  /// - Throws: ``RKDebugError`` when `team` is `nil`: this `rkdebug` was built without it.
  static func collector(
    at url: String, team: TeamCommands? = installed
  ) throws -> any CollectorReading {
    guard let team else { throw missing("reading the collector at \(url)") }
    return try team.connect(url)
  }

  /// The error of `what` in a tool that did not pass `team: .collector`.
  static func missing(_ what: String) -> RKDebugError {
    RKDebugError(
      "\(what) needs the team's commands, which this rkdebug was built without; to add them, "
        + "depend on the RKDebugCollector product and pass 'team: .collector' to RKDebug.main",
      exitCode: 64)
  }
}

/// What the read commands ask of a collector named by `--db URL` (docs/collector.md).
package protocol CollectorReading {
  /// The collector's base URL (`http://127.0.0.1:8080`).
  var baseURL: URL { get }

  /// The collector's sessions that `query` keeps, oldest first, with the collector's ids.
  func sessions(matching query: SessionQuery) async throws -> [LoggedSession]

  /// The `rkdebug export` text of the session `uuid`.
  func export(of uuid: String) async throws -> Data

  /// `find --all-sessions` run by the collector: calls `answer` with the `--json` object of
  /// each session where `predicate` holds, in order, and returns how many it searched.
  func find(
    _ predicate: Predicate, mode: SessionsScan.Mode, matching query: SessionQuery,
    answer: (JSONValue) throws -> Void
  ) async throws -> Int
}
