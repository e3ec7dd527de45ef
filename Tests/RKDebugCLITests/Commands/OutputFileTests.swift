import Foundation
import Testing

/// The files `export -o`, `testgen -o` and `ui --export` write: never the log they read, and
/// never half-written. Through the built executable, on real logs.
@Suite(.serialized) struct OutputFileTests {
  /// A counter session of `increments` increments recorded by `rkdebug record` into
  /// `log.sqlite` of a fresh folder.
  private func counterLog(increments: Int = 3) throws -> TemporaryDirectory {
    let folder = try TemporaryDirectory()
    let actions = try folder.write(
      String(repeating: "{\"increment\":{}}\n", count: increments), to: "actions.jsonl")
    let record = try RKDebugProcess.run([
      "record", "--db", folder.path("log.sqlite"), "--feature", "counter", "--actions", actions,
    ])
    try #require(record.status == 0, "\(record.stderr)")
    try FileManager.default.removeItem(atPath: actions)
    return folder
  }

  /// The three commands that write a file, with the option that names it.
  private static let writers: [(arguments: [String], option: String)] = [
    (["export", "-o"], "--output"),
    (["testgen", "-o"], "--output"),
    (["ui", "--export"], "--export"),
  ]

  @Test(arguments: 0..<3)
  func refusesToReplaceTheLogOrItsCompanions(writer: Int) throws {
    let (arguments, option) = Self.writers[writer]
    let folder = try counterLog()
    let url = folder.url
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent("sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.sqlite"), withDestinationPath: folder.path("log.sqlite"))
    try FileManager.default.linkItem(
      atPath: folder.path("log.sqlite"), toPath: folder.path("hard.sqlite"))
    let before = try folder.fingerprint("log.sqlite")
    let itself =
      "is the log itself ('log.sqlite'); replacing it would destroy the session: write to "
      + "another file"
    let cases: [(output: String, message: String)] = [
      (
        "log.sqlite",
        "\(option) 'log.sqlite' is the log itself; replacing it would destroy the session: "
          + "write to another file"
      ),
      ("./sub/../log.sqlite", "\(option) './sub/../log.sqlite' \(itself)"),
      (folder.path("log.sqlite"), "\(option) '\(folder.path("log.sqlite"))' \(itself)"),
      ("link.sqlite", "\(option) 'link.sqlite' \(itself)"),
      ("hard.sqlite", "\(option) 'hard.sqlite' \(itself)"),
      (
        "log.sqlite-wal",
        "\(option) 'log.sqlite-wal' is the log's wal file; replacing it would destroy the "
          + "session: write to another file"
      ),
      (
        "sub/../log.sqlite-shm",
        "\(option) 'sub/../log.sqlite-shm' is the log's shm file ('log.sqlite-shm'); "
          + "replacing it would destroy the session: write to another file"
      ),
      (
        "log.sqlite-journal",
        "\(option) 'log.sqlite-journal' is the log's journal file; replacing it would "
          + "destroy the session: write to another file"
      ),
    ]
    for (output, message) in cases {
      let result = try RKDebugProcess.run(
        arguments + [output, "--db", "log.sqlite"], in: url)
      #expect(result.status == 1, "\(output)")
      #expect(result.stdout == "")
      #expect(result.stderrLines == ["rkdebug: error: \(message)"])
    }
    #expect(try folder.fingerprint("log.sqlite") == before)
    // A reader may leave empty -wal and -shm files next to a writable log.
    let files = try FileManager.default.contentsOfDirectory(atPath: url.path)
      .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(Set(files) == ["log.sqlite", "sub", "link.sqlite", "hard.sqlite"])

    // Another file next to the log is written as usual.
    let other = try RKDebugProcess.run(arguments + ["out.txt", "--db", "log.sqlite"], in: url)
    #expect(other.status == 0, "\(other.stderr)")
    #expect(FileManager.default.fileExists(atPath: folder.path("out.txt")))
  }

  /// A write that fails part way (here the file size limit, as a full disk fails with ENOSPC)
  /// leaves the file that was there untouched and no partial or temporary file beside it.
  @Test(arguments: 0..<3)
  func aFailedWriteLeavesTheOldFileWhole(writer: Int) throws {
    let (arguments, _) = Self.writers[writer]
    // 2,000 actions make each output far larger than the 64 KiB limit, which leaves room
    // for the 32 KiB shared-memory file SQLite reads the log through.
    let folder = try counterLog(increments: 2000)
    try folder.write("old contents\n", to: "out.txt")
    let result = try RKDebugProcess.run(
      arguments + ["out.txt", "--db", "log.sqlite"],
      fileSizeLimit: 65536, in: folder.url)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(result.stderrLines == ["rkdebug: error: cannot write 'out.txt': File too large"])
    #expect(try String(contentsOfFile: folder.path("out.txt"), encoding: .utf8) == "old contents\n")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
    #expect(Set(files) == ["log.sqlite", "out.txt"])
  }
}
