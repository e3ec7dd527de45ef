import Foundation
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

/// `rkdebug sessions --diverged`: the sessions whose replay through today's reducer diverges.
@Suite struct SessionsDivergedTests {
  @Test @MainActor func divergedKeepsTheSessionsWhoseReplayDiverges() async throws {
    let log = try await RecordedLog.make { log in
      // Recorded with a counter whose decrement subtracts two: today's counter diverges.
      try await log.record(
        MiscountingCounter(), initialState: Counter.State(),
        actions: [.increment, .decrement, .increment], feature: Counter.name)
      try await log.record(
        Counter().testDependencies(), initialState: Counter.State(),
        actions: [.increment, .decrement, .increment], feature: Counter.name)
      try await log.record(Shelf(), initialState: Shelf.State(), actions: [.increment])
    }
    func ids(_ arguments: [String]) throws -> [Int] {
      let listed = try RKDebugProcess.run(["sessions", "--db", log.path, "--json"] + arguments)
      #expect(listed.status == 0, "\(listed.stderr)")
      // One JSON object a line.
      return try listed.stdout.split(separator: "\n").map {
        try #require(try JSONValue(parsing: String($0))["id"]?.intValue)
      }
    }
    #expect(try ids(["--feature", "counter", "--diverged"]) == [1])
    #expect(try ids(["--feature", "counter", "--no-diverged"]) == [2])
    #expect(try ids(["--feature", "counter"]) == [1, 2])

    // Telling needs every kept session's feature.
    let unregistered = try RKDebugProcess.run(["sessions", "--db", log.path, "--diverged"])
    #expect(unregistered.status == 1)
    #expect(
      unregistered.stderrLines == [
        "rkdebug: error: session 3 was recorded by feature 'shelf', which this rkdebug does not "
          + "register (it registers: app, counter, library, playlist, search, todos); replaying "
          + "needs the feature's reducer: call RKDebug.main(features:) with it"
      ])
  }
}
