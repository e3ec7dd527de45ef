import Foundation
import RKDebugCLI
import ReducerKitDebug

/// `rkdebug demo --live` in a process of its own: the to-do sample run as an app, recording
/// into `log` with its live link open, tapping `actions` random actions 20 ms apart.
final class LiveSample {
  let scratch: TemporaryDirectory
  let running: RKDebugProcess.Running
  let log: String
  let url: String
  let token = "live-test-token"

  init(actions: Int = 40, seed: Int = 7) throws {
    scratch = try TemporaryDirectory()
    log = scratch.path("live.sqlite")
    running = try RKDebugProcess.start(
      [
        "demo", "--live", "--db", log, "--every", "0.02", "--actions", String(actions),
        "--seed", String(seed), "--token", token,
      ], in: scratch.url)
    let deadline = Date().addingTimeInterval(60)
    while true {
      let text = (try? String(contentsOf: running.stdoutFile, encoding: .utf8)) ?? ""
      if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("live: ") }) {
        url = String(line.split(separator: " ")[1])
        break
      }
      guard running.process.isRunning, Date() < deadline else {
        let stderr = (try? String(contentsOf: running.stderrFile, encoding: .utf8)) ?? ""
        throw Failure(description: "demo --live did not open its link: \(stderr)")
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// Waits until the app logged `count` entries or more and nothing more for three seconds
  /// (its sort effects, a second after a toggle, ended), and returns how many it logged.
  func settled(atLeast count: Int) async throws -> Int {
    var last = -1
    var unchanged = 0
    // Generous: beside the other suites on two cores, the app's taps come late.
    let deadline = Date().addingTimeInterval(180)
    while Date() < deadline {
      let entries = try await status().entries
      unchanged = entries == last ? unchanged + 1 : 0
      if entries >= count, unchanged >= 2 { return entries }
      last = entries
      try await Task.sleep(for: .milliseconds(1500))
    }
    throw Failure(description: "the app did not settle at \(count) entries (last: \(last))")
  }

  /// The app's status, through a link of the test's own.
  func status() async throws -> LiveStatus {
    try await LiveLinkClient.attach(to: url, token: token) { client in
      try await client.send(LiveRequest(op: .status)).status!
    }
  }

  /// Stops the app (SIGTERM: it ends its session) and returns what it printed.
  func stop() throws -> ProcessResult {
    kill(running.process.processIdentifier, SIGTERM)
    return try running.wait()
  }

  deinit {
    if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }
}
