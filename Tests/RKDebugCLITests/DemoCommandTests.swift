import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug demo`, through the built executable.
@Suite struct DemoCommandTests {
  @Test func demoRecordsASessionAndRunsEveryCommand() throws {
    let scratch = try TemporaryDirectory()
    let run = try RKDebugProcess.run(["demo", "--db", "tour.sqlite"], in: scratch.url)
    #expect(run.status == 0, "\(run.stderr)")
    for command in [
      "$ rkdebug record --feature todos --random 40 --seed 7 --live --db tour.sqlite",
      "$ rkdebug sessions --db tour.sqlite",
      "$ rkdebug log --tree --db tour.sqlite --session 1",
      "$ rkdebug changes --from ",
      "$ rkdebug state --at ",
      "$ rkdebug diff --from ",
      "$ rkdebug history --path filter --db tour.sqlite --session 1",
      "$ rkdebug replay --db tour.sqlite --session 1",
      "$ rkdebug bisect --where 'todos.count >= ",
      "$ rkdebug record --feature library --random 40 --seed 3 --db tour.sqlite",
      "$ rkdebug log --tree --db tour.sqlite --session 2",
      "$ rkdebug state --at ",
      "$ rkdebug replay --db tour.sqlite --session 2",
      "$ rkdebug record --feature playlist --random 40 --seed 5 --db tour.sqlite",
      "$ rkdebug replay --db tour.sqlite --session 3",
      "$ rkdebug ui --export rkdebug-demo.html --to ",
    ] {
      #expect(run.stdout.contains(command), "missing: \(command)")
    }
    #expect(run.stdout.contains("every state matches the log"))
    // The navigation part: a pop's changes, and a path into a stack element's screen.
    #expect(run.stdout.contains("    .popFrom(id: #"))
    #expect(run.stdout.contains(".reading.secondsRead' --db tour.sqlite --session 2\n"))
    let log = try ActionLog.readOnly(path: scratch.path("tour.sqlite"))
    // The sharing part: an effect's withLock, an entry of its own at both places.
    #expect(run.stdout.contains("$songs.withLock in effect "))
    #expect(run.stdout.contains("shared state changed outside an action:"))
    #expect(try log.sessions().map(\.feature) == ["todos", "library", "playlist"])
    #expect(!FileManager.default.fileExists(atPath: scratch.path("rkdebug.sqlite")))
    let page = try String(contentsOfFile: scratch.path("rkdebug-demo.html"), encoding: .utf8)
    #expect(page.contains(#"<script type="application/json" id="rk-data">"#))
  }

  @Test func demoAddsItsSessionsToAnExistingLog() throws {
    let scratch = try TemporaryDirectory()
    #expect(try RKDebugProcess.run(["demo"], in: scratch.url).status == 0)
    let second = try RKDebugProcess.run(["demo"], in: scratch.url)
    #expect(second.status == 0, "\(second.stderr)")
    for session in 4...6 {
      #expect(second.stdout.contains("$ rkdebug replay --db rkdebug.sqlite --session \(session)"))
    }
  }
}
