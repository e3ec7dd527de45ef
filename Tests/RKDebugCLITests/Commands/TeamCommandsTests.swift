import ArgumentParser
import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI
@testable import RKDebugCollector

/// An `rkdebug` built without the RKDebugCollector product (a user's own, registering its
/// features) has no team commands and says why when one is asked for; with `team: .collector`
/// it has them, where `rkdebug help` always listed them.
@Suite struct TeamCommandsTests {
  static let missing =
    "needs the team's commands, which this rkdebug was built without; to add them, depend on "
    + "the RKDebugCollector product and pass 'team: .collector' to RKDebug.main"

  @Test func theTeamCommandsComeAfterUIAndBeforeDemo() {
    let names = { (team: TeamCommands?) in
      RKDebug.subcommands(team: team).map { $0._commandName }
    }
    let alone = names(nil)
    #expect(alone.suffix(2) == ["ui", "demo"])
    #expect(Set(alone).isDisjoint(with: TeamCommands.names))
    #expect(names(.collector) == alone.dropLast() + ["serve", "push", "pull", "demo"])
  }

  @Test func aTeamCommandWithoutTheProductIsAUsageErrorThatSaysWhy() throws {
    for name in ["serve", "push", "pull"] {
      let error = try #require(throws: RKDebugError.self) {
        try RKDebug.checkTeamCommands([name, "--help"], team: nil)
      }
      #expect(error.description == "rkdebug \(name) \(Self.missing)")
      #expect(error.exitCode == 64)
      try RKDebug.checkTeamCommands([name], team: .collector)
    }
    // Other commands, and the names as arguments of another command, are not the team's.
    try RKDebug.checkTeamCommands(["sessions"], team: nil)
    try RKDebug.checkTeamCommands(["help", "serve"], team: nil)
    try RKDebug.checkTeamCommands([], team: nil)
  }

  @Test func readingACollectorWithoutTheProductSaysWhy() throws {
    let url = "http://127.0.0.1:9"
    let error = try #require(throws: RKDebugError.self) {
      try TeamCommands.collector(at: url, team: nil)
    }
    #expect(error.description == "reading the collector at \(url) \(Self.missing)")
    // With the product, the team's client reads the collector.
    let client = try TeamCommands.collector(at: url, team: TeamCommands(commands: []) { url in
      try #require(URL(string: url).map(Unreachable.init))
    })
    #expect(client.baseURL.absoluteString == url)
  }

  /// A collector client that never reaches its collector.
  struct Unreachable: CollectorReading {
    let baseURL: URL
    func sessions(matching query: SessionQuery) async throws -> [LoggedSession] { [] }
    func export(of uuid: String) async throws -> Data { Data() }
    func find(
      _ predicate: RKDebugCLI.Predicate, mode: SessionsScan.Mode, matching query: SessionQuery,
      answer: (JSONValue) throws -> Void
    ) async throws -> Int { 0 }
  }
}
