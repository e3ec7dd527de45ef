import Foundation
import Testing

/// What `--db` names: always a file path, refused before it is opened when it is not a file,
/// and read without a byte written when nobody may write it. Through the built executable.
@Suite(.serialized) struct LogPathTests {
  /// Runs `rkdebug` and stops it after 20 seconds: a command that opens a FIFO would wait
  /// forever for a writer.
  private func runBounded(_ arguments: [String], in folder: TemporaryDirectory) throws
    -> ProcessResult
  {
    let running = try RKDebugProcess.start(arguments, in: folder.url)
    let deadline = Date(timeIntervalSinceNow: 20)
    while running.process.isRunning, Date() < deadline { usleep(20_000) }
    if running.process.isRunning { running.process.terminate() }
    return try running.wait()
  }

  @Test func aFIFOADeviceOrAFolderIsRefusedBeforeItIsOpened() throws {
    let folder = try TemporaryDirectory()
    #expect(mkfifo(folder.path("pipe.sqlite"), 0o644) == 0)
    try FileManager.default.createDirectory(
      atPath: folder.path("folder.sqlite"), withIntermediateDirectories: false)
    let cases = [
      ("pipe.sqlite", "a FIFO (named pipe)"),
      ("/dev/null", "a character device"),
      ("folder.sqlite", "a directory"),
    ]
    for (path, kind) in cases {
      for command in [["sessions"], ["log"], ["record", "--feature", "counter", "--random", "2"]] {
        let result = try runBounded(command + ["--db", path], in: folder)
        #expect(result.status == 1, "\(command) \(path)")
        #expect(
          result.stderrLines == [
            "rkdebug: error: '\(path)' is \(kind), not a log file; pass --db with the path of "
              + "a log file"
          ], "\(command) \(path)")
      }
    }
    let empty = try RKDebugProcess.run(["sessions", "--db", ""], in: folder.url)
    #expect(empty.status == 64)
    #expect(
      empty.stderrLines == [
        "rkdebug: error: --db needs the path of a log file (see 'rkdebug help sessions')"
      ])
  }

  /// SQLite takes `file:…` as a URI and `:memory:` as an in-memory database; `--db` means
  /// the file of that name.
  @Test func aPathIsNeverAURI() throws {
    for name in ["file:uri%20enc.sqlite", "file:log.sqlite?mode=memory", ":memory:"] {
      let folder = try TemporaryDirectory()
      let record = try RKDebugProcess.run(
        ["record", "--db", name, "--feature", "counter", "--random", "3"], in: folder.url)
      #expect(record.status == 0, "\(name): \(record.stderr)")
      #expect(record.stdout.hasPrefix("recorded session 1 of 'counter' into \(name): "))
      let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      // A reader leaves empty -wal and -shm files next to a writable log.
      #expect(Set(files).subtracting([name + "-wal", name + "-shm"]) == [name], "\(name)")
      let sessions = try RKDebugProcess.run(["sessions", "--db", name, "--json"], in: folder.url)
      #expect(sessions.status == 0, "\(name): \(sessions.stderr)")
      #expect(sessions.stdout.contains("\"feature\":\"counter\""), "\(name)")
    }
  }

  /// A log attached to a bug report is often read-only: read commands read it, and write
  /// nothing beside it (no `-wal` or `-shm`), as root and as a user who may not write it.
  @Test func aReadOnlyLogIsReadWithoutWritingAByte() throws {
    let folder = try TemporaryDirectory()
    let logs = folder.url.appendingPathComponent("logs")
    try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: false)
    let path = logs.appendingPathComponent("log.sqlite").path
    let record = try RKDebugProcess.run([
      "record", "--db", path, "--feature", "counter", "--random", "5",
    ])
    try #require(record.status == 0, "\(record.stderr)")
    let expected = try RKDebugProcess.run(["log", "--db", path])
    try #require(expected.status == 0)
    // The empty -wal and -shm files a reader of the writable log left (record reads the
    // session it wrote): the read-only log starts alone in its folder.
    for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let before = try FileFingerprint(path: path)
    #expect(chmod(path, 0o444) == 0)
    #expect(chmod(logs.path, 0o555) == 0)
    defer { chmod(logs.path, 0o755) }
    let runs: [([String]) throws -> ProcessResult] = [
      { try RKDebugProcess.run($0) }, { try RKDebugProcess.runAsNobody($0) },
    ]
    for run in runs {
      for command in [["sessions"], ["changes"], ["state", "--at", "3"], ["export"]] {
        let result = try run(command + ["--db", path])
        #expect(result.status == 0, "\(command): \(result.stderr)")
        #expect(result.stderr == "", "\(command)")
      }
      let log = try run(["log", "--db", path])
      #expect(log.stdout == expected.stdout)
      #expect(try FileManager.default.contentsOfDirectory(atPath: logs.path) == ["log.sqlite"])
    }
    #expect(try FileFingerprint(path: path) == before)

    // Writing it is refused in one line.
    let write = try RKDebugProcess.runAsNobody(
      ["record", "--db", path, "--feature", "counter", "--random", "2"])
    #expect(write.status == 1)
    #expect(write.stderrLines.count == 1)
    #expect(write.stderrLines.first?.hasPrefix("rkdebug: error: ") == true)
    #expect(try FileFingerprint(path: path) == before)
  }
}
