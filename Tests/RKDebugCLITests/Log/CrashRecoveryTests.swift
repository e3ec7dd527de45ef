import Foundation
import GRDB
import ReducerKitDebug
import Testing

/// A recording process killed with SIGKILL leaves a readable, consistent log; two processes
/// recording into one file both succeed.
@Suite(.serialized) struct CrashRecoveryTests {
  /// Starts `rkdebug record` on `path` without waiting for it.
  func startRecording(_ path: String, seed: Int, actions: Int) throws -> Process {
    let executable = try #require(RKDebugProcess.executable, "build rkdebug first")
    let process = Process()
    process.executableURL = executable
    process.arguments = [
      "record", "--feature", "todos", "--random", String(actions), "--seed", String(seed),
      "--db", path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// The number of actions committed so far, read without disturbing the writer.
  func committedActions(_ path: String) -> Int {
    guard FileManager.default.fileExists(atPath: path),
      let log = try? ActionLog.readOnly(path: path),
      let session = try? log.sessions().last
    else { return 0 }
    return session.actionCount
  }

  @Test func killedMidSessionTheLogOpensAndIsConsistent() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("crash.sqlite").path
    let process = try startRecording(path, seed: 3, actions: 50_000_000)
    let deadline = Date().addingTimeInterval(60)
    while committedActions(path) < 2_000, Date() < deadline, process.isRunning {
      Thread.sleep(forTimeInterval: 0.05)
    }
    #expect(process.isRunning, "the recording ended before it could be killed")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    let log = try ActionLog.readOnly(path: path)
    let reader = try log.reader()
    #expect(reader.session.endedAt == nil)
    #expect(reader.actionCount >= 2_000)
    // Every committed action is there, in order, each with its patch: walking the patches
    // from the initial state reaches the last committed index without a gap or an error.
    let actions = try reader.actions()
    #expect(actions.map(\.index) == Array(1...reader.actionCount))
    var state = try reader.stateJSON(at: 0)
    for action in actions { try state.apply(action.patch) }
    let fromSnapshot = try ActionLog.readOnly(path: path).reader().stateJSON(
      at: reader.actionCount)
    #expect(state == fromSnapshot)
    // Effects either ended or are still open; none refers to an action that is not there.
    #expect(try reader.effects().allSatisfy { $0.actionIndex <= reader.actionCount })
  }

  @Test func twoProcessesRecordIntoOneFile() throws {
    let directory = try TemporaryDirectory()
    let path = directory.url.appendingPathComponent("shared.sqlite").path
    let first = try startRecording(path, seed: 1, actions: 3_000)
    let second = try startRecording(path, seed: 2, actions: 3_000)
    first.waitUntilExit()
    second.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 0)
    let sessions = try ActionLog.readOnly(path: path).sessions()
    #expect(sessions.count == 2)
    #expect(sessions.allSatisfy { $0.actionCount >= 3_000 && $0.endedAt != nil })
  }
}
