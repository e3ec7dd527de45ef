import Foundation
import ReducerKitDebug
import Testing

/// `log --follow` and `changes --follow`, across processes: a recording `rkdebug record` in
/// one, the follower in another.
@Suite(.serialized) struct FollowTests {
  /// A follower whose standard output is a pipe read line by line, each line stamped with
  /// when it arrived.
  final class Follower: @unchecked Sendable {
    let process = Process()
    let output = Pipe()
    let errorFile: String
    private let lock = NSLock()
    private var received: [(line: String, time: Date)] = []
    private let reading = DispatchGroup()

    /// Starts `rkdebug` with `arguments`; with `reading` off, nothing reads its output (a
    /// thread blocked reading a pipe would keep it open after the test closes it).
    init(_ arguments: [String], in scratch: TemporaryDirectory, reading: Bool = true) throws {
      guard let executable = RKDebugProcess.executable else {
        throw RKDebugProcess.ExecutableMissing()
      }
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = scratch.url
      var environment = ProcessInfo.processInfo.environment
      environment["RKDEBUG_DB"] = nil
      environment["NO_COLOR"] = "1"
      process.environment = environment
      process.standardOutput = output
      errorFile = scratch.path("follower-\(UUID().uuidString).stderr")
      _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
      process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
      try process.run()
      guard reading else { return }
      let handle = output.fileHandleForReading
      self.reading.enter()
      Thread.detachNewThread { [self] in
        var pending = Data()
        while true {
          let data = handle.availableData
          if data.isEmpty { break }
          let now = Date()
          pending += data
          while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<newline], as: UTF8.self)
            pending.removeSubrange(...newline)
            lock.lock()
            received.append((line, now))
            lock.unlock()
          }
        }
        self.reading.leave()
      }
    }

    /// The lines so far, with when each arrived.
    var lines: [(line: String, time: Date)] {
      lock.lock()
      defer { lock.unlock() }
      return received
    }

    /// Waits up to `seconds` for the process to exit; whether it did.
    func waitForExit(seconds: Double) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
      guard !process.isRunning else { return false }
      reading.wait()
      return true
    }

    var stderr: String { (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" }

    func stop() {
      if process.isRunning { process.terminate() }
    }
  }

  /// Waits until the log at `path` has `count` sessions.
  static func waitForSessions(_ count: Int, at path: String) throws {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let sessions = try? ActionLog.readOnly(path: path).sessions(), sessions.count >= count {
        return
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    Issue.record("no session \(count) in \(path)")
  }

  @Test func logFollowPrintsEachActionOnceInOrderWhileTheSessionIsRecorded() throws {
    let scratch = try TemporaryDirectory()
    let recording = try RKDebugProcess.start(
      [
        "record", "--feature", "counter", "--random", "4000", "--seed", "3",
        "--durability", "every-action", "--db", "live.sqlite",
      ], in: scratch.url)
    try Self.waitForSessions(1, at: scratch.path("live.sqlite"))
    let started = Date()
    let follower = try Follower(
      ["log", "--follow", "--from", "1", "--json", "--db", "live.sqlite"], in: scratch)
    defer { follower.stop() }
    let recorded = try recording.wait()
    try #require(recorded.status == 0, "\(recorded.stderr)")
    #expect(follower.waitForExit(seconds: 10), "the follower did not stop when the session ended")
    #expect(follower.process.terminationStatus == 0)
    #expect(follower.stderr == "")

    let session = try ActionLog.readOnly(path: scratch.path("live.sqlite")).session()
    #expect(session.endedAt != nil)
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var indices: [Int] = []
    var live = 0
    var arrivedWhileRecording = 0
    for (line, arrived) in follower.lines {
      let json = try JSONValue(parsing: line)
      let index = try #require(json.objectValue?["index"]?.intValue)
      indices.append(index)
      // The actions recorded after the follower was up (not the backlog it started with) are
      // printed as they are committed: some before the session ended. (How soon is a
      // latency, which a loaded test machine cannot bound; no wall-clock limit is asserted.)
      let time = try #require(json.objectValue?["time"]?.stringValue)
      let sent = try #require(formatter.date(from: time))
      if sent > started.addingTimeInterval(0.5) {
        live += 1
        if arrived < session.endedAt! { arrivedWhileRecording += 1 }
      }
    }
    #expect(indices == Array(1...session.actionCount))
    #expect(live > 0, "the recording ended before the follower started; record more actions")
    #expect(arrivedWhileRecording > 0, "no action was printed before the session ended")
  }

  @Test func withoutASessionItMovesToANewerOneAfterAHeader() throws {
    let scratch = try TemporaryDirectory()
    let path = scratch.path("log.sqlite")
    // Session 1 never ends: a recorder that was killed.
    let first = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--random", "3", "--seed", "1", "--db", path],
      in: scratch.url)
    try #require(first.status == 0, "\(first.stderr)")
    try Self.reopen(sessionOf: path)
    let follower = try Follower(["changes", "--follow", "--db", path], in: scratch)
    defer { follower.stop() }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(follower.process.isRunning, "it stopped while session 1 had not ended")
    let second = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--actions", "-", "--db", path],
      in: scratch.url, stdin: "{\"increment\":{}}\n{\"decrement\":{}}\n")
    try #require(second.status == 0, "\(second.stderr)")
    #expect(follower.waitForExit(seconds: 10))
    #expect(follower.process.terminationStatus == 0)
    #expect(follower.stderr == "")
    #expect(
      follower.lines.map(\.line).joined(separator: "\n") == """
        ==> session 2 (counter) <==
        received action:
          Counter.Action.increment
          Counter.State(
        -   count: 0,
        +   count: 1,
            fact: nil,
            factError: nil,
            isLoadingFact: false,
            pendingIncrements: 0
          )

        received action:
          Counter.Action.decrement
          Counter.State(
        -   count: 1,
        +   count: 0,
            fact: nil,
            factError: nil,
            isLoadingFact: false,
            pendingIncrements: 0
          )

        """)
  }

  @Test func aClosedPipeStopsAFollowerThatIsWaiting() throws {
    let scratch = try TemporaryDirectory()
    let path = scratch.path("log.sqlite")
    let first = try RKDebugProcess.run(
      ["record", "--feature", "counter", "--random", "3", "--seed", "1", "--db", path],
      in: scratch.url)
    try #require(first.status == 0, "\(first.stderr)")
    try Self.reopen(sessionOf: path)
    let follower = try Follower(["log", "--follow", "--db", path], in: scratch, reading: false)
    defer { follower.stop() }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(follower.process.isRunning)
    try follower.output.fileHandleForReading.close()
    #expect(follower.waitForExit(seconds: 5), "the follower kept waiting with no reader")
    #expect(follower.process.terminationReason == .exit)
    #expect(follower.process.terminationStatus == 0)
    #expect(follower.stderr == "")
  }

  @Test func followRefusesATreeAndAnEnd() throws {
    let tree = try RKDebugProcess.run(["log", "--follow", "--tree"])
    #expect(tree.status == 64)
    #expect(
      tree.stderrLines.first?.hasPrefix("rkdebug: error: --follow prints actions as they come")
        == true)
    let end = try RKDebugProcess.run(["changes", "--follow", "--to", "3"])
    #expect(end.status == 64)
  }

  /// Clears the end of the newest session of the log at `path`, as if its recorder had been
  /// killed: a session that is still going on.
  static func reopen(sessionOf path: String) throws {
    let sqlite = Process()
    sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    sqlite.arguments = [
      "python3", "-c",
      "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
        + "c.execute('UPDATE session SET ended_at = NULL'); c.commit()",
      path,
    ]
    try sqlite.run()
    sqlite.waitUntilExit()
    try #require(sqlite.terminationStatus == 0)
  }
}
