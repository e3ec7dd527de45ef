import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug features`, through the built executable (which registers the samples).
@Suite struct FeaturesCommandTests {
  @Test func listsTheRegisteredSamples() throws {
    let result = try RKDebugProcess.run(["features"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 18)
    #expect(lines[0].hasPrefix("counter   A counter"))
    #expect(lines[1] == "          state:  ReducerKitSamples.Counter.State")
    #expect(lines[2] == "          action: ReducerKitSamples.Counter.Action")
    #expect(lines[3].hasPrefix("todos     "))
    #expect(lines[6].hasPrefix("search    "))
    #expect(lines[9].hasPrefix("app       "))
    #expect(lines[12].hasPrefix("library   A reading list that navigates"))
    #expect(lines[13] == "          state:  ReducerKitSamples.Library.State")
    #expect(lines[15].hasPrefix("playlist  Shared state: a list and a player hold one song"))
  }

  @Test func jsonLines() throws {
    let result = try RKDebugProcess.run(["features", "--json"])
    let lines = try result.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(
      lines.map { $0["name"] } == ["counter", "todos", "search", "app", "library", "playlist"])
    #expect(lines[0]["stateType"] == "ReducerKitSamples.Counter.State")
    #expect(lines[0]["actionType"] == "ReducerKitSamples.Counter.Action")
    #expect(lines[0]["randomActions"] == true)
    #expect(lines[0]["summary"]?.stringValue?.isEmpty == false)
  }
}
