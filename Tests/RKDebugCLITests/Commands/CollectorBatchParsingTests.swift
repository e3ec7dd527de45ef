import Foundation
import NIOCore
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// The collector reads a large batch in parts side by side: the same items, and the same
/// error, as one reader of the whole batch.
@Suite struct CollectorBatchParsingTests {
  /// The library fixture's export with its action and effect lines repeated to `count` lines
  /// after the session line (parsing checks no order: the store does).
  static func batch(lines count: Int) throws -> [String] {
    let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ReducerKitSamplesTests/Fixtures/library.sqlite").path
    let directory = try TemporaryDirectory()
    let copy = directory.path("library.sqlite")
    try FileManager.default.copyItem(atPath: fixture, toPath: copy)
    let export = try RKDebugProcess.run(["export", "--db", copy])
    let lines = export.stdout.split(separator: "\n").map(String.init)
    let records = lines.dropFirst()
    return [lines[0]] + (0..<count).map { records[records.startIndex + $0 % records.count] }
  }

  @Test func aLargeBatchReadInPartsGivesWhatOneReaderGives() throws {
    let lines = try Self.batch(lines: 5000)
    let text = lines.joined(separator: "\n") + "\n"
    let (header, items) = try CollectorServer.batch(parsing: ByteBuffer(string: text))
    let reader = ExportFormat.Reader(source: "batch", text: text)
    #expect(header == (try reader.session()))
    var expected: [SessionImport.Item] = []
    while let item = try reader.next() { expected.append(item) }
    #expect(expected.count == 5000)
    #expect(items == expected)
  }

  @Test(arguments: [3, 1200, 4321])
  func anErrorInAnyPartNamesItsLineInTheBatch(line: Int) throws {
    var lines = try Self.batch(lines: 5000)
    lines[line - 1] = "{not json"
    lines[4999] = "{also not json"
    let text = lines.joined(separator: "\n") + "\n"
    let error = #expect(throws: CollectorHTTPError.self) {
      try CollectorServer.batch(parsing: ByteBuffer(string: text))
    }
    #expect(
      error?.message.hasPrefix("line \(line) of batch: not JSON") == true, "\(error?.message ?? "")"
    )
  }
}
