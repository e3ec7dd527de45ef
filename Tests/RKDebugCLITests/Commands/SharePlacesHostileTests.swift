import Foundation
import GRDB
import Testing

/// A log whose `shares` reads (where a session's shared values are held) were written by
/// something else than the recorder: `changes` never crashes on them and never writes the log.
/// One that does not decode is a one-line error; places that name nothing in the state, huge
/// or negative numbers, NUL and newlines in tokens are places no decoding meets.
@Suite struct SharePlacesHostileTests {
  /// A playlist session whose index-0 `shares` read is replaced by `shares`.
  private func changes(withInitialShares shares: String) throws -> ProcessResult {
    let scratch = try TemporaryDirectory()
    try PlaylistSessionTests.recordWithTheCLI(20, into: scratch)
    let path = scratch.url.appendingPathComponent("p.sqlite").path
    let database = try DatabaseQueue(path: path)
    try database.write { db in
      let reads: String = try #require(
        try String.fetchOne(db, sql: "SELECT reads FROM input WHERE idx = 0"))
      let start = try #require(reads.range(of: #"["shares","#))
      let edited = reads[..<start.lowerBound] + #"["shares","# + shares + "]]"
      try db.execute(sql: "UPDATE input SET reads = ? WHERE idx = 0", arguments: [edited])
    }
    try database.close()
    let before = try FileFingerprint(path: path)
    let result = try RKDebugProcess.run(["changes", "--db", "p.sqlite"], in: scratch.url)
    #expect(try FileFingerprint(path: path) == before)
    return result
  }

  @Test(arguments: [
    #"{"path":"songs"}"#, #"[{"path":["songs"],"share":1e308,"whole":true}]"#, "null",
  ])
  func sharesThatDoNotDecodeAreAOneLineError(shares: String) throws {
    let result = try changes(withInitialShares: shares)
    #expect(result.status != 0)
    #expect(result.stderr.hasPrefix("rkdebug: error: "), "\(result.stderr)")
    #expect(result.stderr.contains("the places of the session's shared values do not decode"))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
  }

  @Test(arguments: [
    #"[{"path":["nowhere","9"],"share":-5,"whole":false}]"#,
    #"[{"path":["so\u0000ngs"],"share":9223372036854775807,"whole":true}]"#,
    #"[{"op":-1,"path":["songs\nx"],"share":1,"whole":true},{"path":[],"share":2,"whole":true}]"#,
  ])
  func placesThatNameNothingArePrintedAround(shares: String) throws {
    let result = try changes(withInitialShares: shares)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("received action:\n"))
  }
}
