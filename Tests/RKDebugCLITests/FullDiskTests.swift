import Foundation
import Testing

/// Commands that write a log when the disk fills: simulated with a file size limit (`ulimit
/// -f`, SIGXFSZ ignored), under which a write fails with EFBIG where a full disk fails with
/// ENOSPC. Each says so in its one error line and leaves nothing half-made.
@Suite(.serialized) struct FullDiskTests {
  /// An export of 2,000 counter actions: its log is far larger than the 64 KiB limit.
  private func largeExport(in folder: TemporaryDirectory) throws -> String {
    let actions = try folder.write(
      String(repeating: "{\"increment\":{}}\n", count: 2000), to: "actions.jsonl")
    let record = try RKDebugProcess.run([
      "record", "--db", folder.path("source.sqlite"), "--feature", "counter", "--actions",
      actions,
    ])
    try #require(record.status == 0, "\(record.stderr)")
    let export = try RKDebugProcess.run(
      ["export", "--db", folder.path("source.sqlite"), "-o", folder.path("session.jsonl")])
    try #require(export.status == 0, "\(export.stderr)")
    return folder.path("session.jsonl")
  }

  /// At 2 KiB the disk fills while the new log's schema is written, when it is opened; at
  /// 64 KiB, while the session is.
  @Test(arguments: [2048, 65536])
  func aFailedImportRemovesTheLogItCreated(limit: Int) throws {
    let folder = try TemporaryDirectory()
    let export = try largeExport(in: folder)
    let target = folder.path("new.sqlite")
    let result = try RKDebugProcess.run(
      ["import", "--db", target, export], fileSizeLimit: limit, in: folder.url)
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "rkdebug: error: reading or writing '\(target)' failed (SQLite: disk I/O error); check "
          + "the disk and run the command again"
      ])
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(!files.contains { $0.hasPrefix("new.sqlite") }, "\(files)")
  }

  /// `record` prints one `rkdebug: error:` line, without the runtime warning (`file:line:`)
  /// that the recorder's `reportIssue` prints by default.
  @Test func recordOnAFullDiskPrintsOneErrorLine() throws {
    let folder = try TemporaryDirectory()
    let result = try RKDebugProcess.run(
      ["record", "--db", "log.sqlite", "--feature", "counter", "--random", "3000"],
      fileSizeLimit: 65536, in: folder.url)
    #expect(result.status == 1)
    #expect(result.stderrLines.count == 1, "\(result.stderr)")
    #expect(result.stderrLines.first?.hasPrefix("rkdebug: error: ") == true, "\(result.stderr)")
  }
}
