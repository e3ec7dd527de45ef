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

  /// A session is matched to its feature by the names of its types: the names a feature gives
  /// are the names the recorder writes.
  @Test func namesTheTypesAsTheRecorderDoes() throws {
    let folder = try TemporaryDirectory()
    let log = folder.path("features.sqlite")
    let features = try RKDebugProcess.run(["features", "--json"]).stdout
      .split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    for feature in features {
      let name = try #require(feature["name"]?.stringValue)
      let record = try RKDebugProcess.run(
        ["record", "--feature", name, "--random", "3", "--seed", "1", "--db", log])
      #expect(record.status == 0, "\(name): \(record.stderr)")
    }
    let sessions = try RKDebugProcess.run(["sessions", "--json", "--db", log]).stdout
      .split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(sessions.count == features.count)
    for feature in features {
      let session = sessions.first { $0["feature"] == feature["name"] }
      #expect(session?["stateType"] == feature["stateType"])
      #expect(session?["actionType"] == feature["actionType"])
    }
  }
}
