import Foundation
import Testing

/// `rkdebug log | head -n 1`: a reader that closes the pipe early stops rkdebug at once and
/// quietly, with status 0.
@Suite(.serialized) struct ClosedPipeTests {
  @Test(arguments: [["log"], ["changes"], ["export"], ["history", "--path", "count"]])
  func aClosedPipeIsAQuietStop(command: [String]) throws {
    let scratch = try TemporaryDirectory()
    // 20,000 actions: far more output than the pipe and rkdebug's buffer hold.
    let export = try TerminalOutputTests.counterExport(increments: 20_000, in: scratch)
    let imported = try RKDebugProcess.run(
      ["import", export, "--db", "long.sqlite"], in: scratch.url)
    try #require(imported.status == 0, "\(imported.stderr)")

    guard let executable = RKDebugProcess.executable else {
      throw RKDebugProcess.ExecutableMissing()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = command + ["--db", scratch.path("long.sqlite")]
    let output = Pipe()
    process.standardOutput = output
    let errorFile = scratch.path("stderr")
    _ = FileManager.default.createFile(atPath: errorFile, contents: nil)
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
    try process.run()
    // Read the first line, as `head -n 1` does, and close the pipe.
    var first = Data()
    while !first.contains(UInt8(ascii: "\n")),
      let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty
    {
      first += byte
    }
    try output.fileHandleForReading.close()
    process.waitUntilExit()

    #expect(!first.isEmpty)
    #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
    #expect(process.terminationStatus == 0)
    #expect(try String(contentsOfFile: errorFile, encoding: .utf8) == "")
  }
}
