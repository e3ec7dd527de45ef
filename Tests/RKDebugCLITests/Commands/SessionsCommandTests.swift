import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug sessions`, through the built executable.
@Suite(.serialized) struct SessionsCommandTests {
  @Test func listsEverySession() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(Shelf(), initialState: Shelf.State(), actions: Shelf.sampleActions)
      try await log.record(
        Shelf(), initialState: Shelf.State(), actions: [.increment, .increment],
        feature: "other", end: false
      )
    }
    let result = try log.run(["sessions"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0] == "ID  FEATURE  STARTED              ACTIONS  EFFECTS  STATUS")
    let pattern = #/^ 1  shelf    \d{4}-\d\d-\d\d \d\d:\d\d:\d\d       12        1  ended$/#
    #expect(lines[1].wholeMatch(of: pattern) != nil, "\(lines[1])")
    let open = #/^ 2  other    \d{4}-\d\d-\d\d \d\d:\d\d:\d\d        2        0  not ended$/#
    #expect(lines[2].wholeMatch(of: open) != nil, "\(lines[2])")
  }

  @Test func jsonLines() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["sessions", "--json"])
    let lines = try result.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(lines.count == 1)
    let session = lines[0]
    #expect(session["id"] == 1)
    #expect(session["feature"] == "shelf")
    #expect(session["actionCount"] == 12)
    #expect(session["effectCount"] == 1)
    #expect(session["ended"] == true)
    #expect(session["snapshotInterval"] == 1000)
    #expect(session["durability"] == "everyAction")
    #expect(session["uuid"]?.stringValue?.count == 36)
    #expect(session["stateType"]?.stringValue?.hasSuffix(".Shelf.State") == true)
    #expect(session["actionType"]?.stringValue?.hasSuffix(".Shelf.Action") == true)
    let started = try #require(session["startedAt"]?.stringValue)
    #expect(started.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil)
    #expect(session["endedAt"]?.stringValue != nil)
  }

  @Test func anEmptyLog() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("empty.sqlite")
    _ = try ActionLog(path: path)
    let result = try RKDebugProcess.run(["sessions", "--db", path])
    #expect(result.status == 0)
    #expect(result.stdout == "(no sessions in \(path))\n")
    #expect(try RKDebugProcess.run(["sessions", "--json", "--db", path]).stdout == "")
  }
}
