import Foundation
import Testing

/// Two `rkdebug serve` processes on one database: what a second collector shares
/// (docs/collector.md, "Past one server").
extension ServeCommandTests {
  @Test func aSessionPushedThroughTwoCollectorsAtOnceIsStoredOnceAndWhole() async throws {
    guard let first = try await Collector() else { return }
    defer { first.server.process.terminate() }
    // The second collector on the first one's database, with the same tokens.
    let (second, secondURL, _) = try Collector.serve(
      database: first.database, tokens: first.tokens, port: 0)
    defer { second.process.terminate() }

    // The same session, in batches of 2 actions, through both at once: every batch after the
    // first of either push meets the other's rows, and must store nothing twice.
    let pushes = try [first.url, secondURL].map { url in
      try RKDebugProcess.start(
        ["push", "--db", first.log, "--to", url, "--batch", "2"],
        environment: ["RKDEBUG_TOKEN": Self.pushToken])
    }
    var newActions = 0
    for push in pushes {
      let pushed = try push.wait()
      #expect(pushed.status == 0, "\(pushed.stderr)")
      let new = try #require(pushed.stdout.firstMatch(of: /352 actions, (\d+) new/)?.1)
      newActions += Int(new) ?? -1
    }
    #expect(newActions == 352)

    // Either collector answers with the whole session, the original byte for byte.
    let uuid = try #require(
      try RKDebugProcess.run(["sessions", "--db", first.log, "--json"]).stdout
        .firstMatch(of: /"uuid":"([0-9A-F-]+)"/)?.1)
    #expect(try first.pulledExportIsTheOriginal(uuid: String(uuid)))
    let listed = try first.run(["sessions", "--db", secondURL], token: Self.readToken)
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.split(separator: "\n").count == 2, "\(listed.stdout)")
    #expect(listed.stdout.contains("  352  "), "\(listed.stdout)")
  }
}
