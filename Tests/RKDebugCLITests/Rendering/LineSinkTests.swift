import Foundation
import Testing

@testable import RKDebugCLI

/// `export --output` writes through a sink that streams lines into a temporary file and puts it
/// in place only when every line is written.
@Suite struct LineSinkTests {
  let directory = try! TemporaryDirectory()

  func files() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).sorted()
  }

  @Test func linesLongerThanTheBufferArriveWholeAndInOrder() throws {
    let path = directory.path("out.jsonl")
    // About 3 MB: the buffer is written out a megabyte at a time.
    let lines = (0..<30_000).map { "{\"index\":\($0),\"text\":\"\(String(repeating: "é", count: 40))\"}" }
    var sink = try LineSink(path: path)
    for line in lines { try sink.write(line) }
    // Nothing replaces the file before the end.
    #expect(!FileManager.default.fileExists(atPath: path))
    try sink.finish()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == lines.joined(separator: "\n") + "\n")
    #expect(files() == ["out.jsonl"])
  }

  @Test func anAbandonedSinkLeavesTheOldFileAndNoTemporaryOne() throws {
    let path = try directory.write("old\n", to: "out.jsonl")
    var sink = try LineSink(path: path)
    for index in 0..<100_000 { try sink.write("line \(index)") }
    sink.abandon()
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    #expect(files() == ["out.jsonl"])
  }

  @Test func aFolderThatDoesNotExistIsAnErrorNamingTheFile() throws {
    let path = directory.path("missing/out.jsonl")
    #expect(throws: RKDebugError("cannot write '\(path)': No such file or directory")) {
      try LineSink(path: path)
    }
  }
}
