import ArgumentParser
import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// `log`, `changes` and `history` walk a session a chunk at a time: no read returns more rows
/// than a chunk, whatever the session's length, and the output is the same for any chunk size.
@Suite(.serialized) struct StreamingReadsTests {
  /// 60 rounds of increment, load (whose effect emits loaded), rename, fail (whose effect
  /// emits failed): 360 actions, 120 effects.
  @MainActor static func session() async throws -> RecordedLog {
    try await RecordedLog.make { log in
      let round: [Shelf.Action] = [.increment, .load, .rename("x"), .fail]
      try await log.record(
        Shelf(), initialState: Shelf.State(),
        actions: Array(repeating: round, count: 60).flatMap { $0 },
        snapshotInterval: 100)
    }
  }

  /// What `write` printed into a sink, and the most rows one read returned.
  static func output(
    _ log: RecordedLog, _ write: (SessionReader, inout LineSink) throws -> Void
  ) throws -> (text: String, largestRead: Int) {
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let file = log.directory.path("out-\(UUID().uuidString).txt")
    var sink = try LineSink(path: file)
    try write(reader, &sink)
    try sink.finish()
    return (try String(contentsOfFile: file, encoding: .utf8), reader.largestRead)
  }

  @Test(arguments: [
    [], ["--tree"], ["--json"], ["--json", "--tree"], ["--grep", "LOADED", "--tree"],
  ])
  func logReadsChunks(arguments: [String]) async throws {
    let log = try await Self.session()
    let command = try LogCommand.parse(arguments)
    let chunked = try Self.output(log) { reader, sink in
      try command.write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain, chunkSize: 16)
    }
    #expect(chunked.largestRead <= 16)
    let whole = try Self.output(log) { reader, sink in
      try command.write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain, chunkSize: 10_000)
    }
    #expect(whole.largestRead == 360)
    #expect(chunked.text == whole.text)
    #expect(chunked.text.split(separator: "\n").count >= (arguments.contains("--grep") ? 120 : 360))
  }

  /// The plain listing, written from rows read in place, has the lines of the actions a
  /// reader builds, in a plain and a colored terminal, and `--grep` picks from the same lines.
  @Test(arguments: [false, true])
  func theListingHasTheLinesOfTheActions(colored: Bool) async throws {
    let terminal = Terminal(isColored: colored)
    let log = try await Self.session()
    let listing = try Self.output(log) { reader, sink in
      try LogCommand.parse([]).write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: terminal, chunkSize: 16)
    }
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let lines = try LogLines(
      reader: reader, range: 1...reader.actionCount, terminal: terminal, tree: false,
      json: false)
    let expected = try reader.actions().map(lines.line)
    #expect(expected.contains { $0.contains("effect #1 of #2") })
    #expect(listing.text == expected.map { $0 + "\n" }.joined())
    let grepped = try Self.output(log) { reader, sink in
      try LogCommand.parse(["--grep", "Action.load"]).write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: terminal, chunkSize: 16)
    }
    #expect(
      grepped.text
        == expected.filter { $0.contains("Action.load") }.map { $0 + "\n" }.joined())
  }

  /// Trailing spaces are trimmed by characters: a space that a prepended mark (U+0600) joins
  /// to its character stays, as it did when each line was a `String`.
  @Test(arguments: ["A.b  ", "A.b(\n  x\n)  ", "A.\u{0600} ", "A.\u{0600}  ", "é ", ""])
  func linesEndWithoutTrailingSpaces(label: String) async throws {
    let log = try await Self.session()
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let lines = try LogLines(
      reader: reader, range: 1...9, terminal: .plain, tree: false, json: false)
    var bytes: [UInt8] = []
    var text = label
    text.withUTF8 { lines.appendLine(index: 7, source: .send, label: $0, to: &bytes) }
    let action = LoggedAction(
      index: 7, json: "{}", label: label, source: .send, time: Date(), durationNanos: 0,
      patch: [])
    let padding = String(repeating: " ", count: lines.sourceWidth - "send".count + 2)
    var expected = "7  send" + (label.isEmpty ? "" : padding + action.singleLineLabel)
    while expected.last == " " { expected.removeLast() }
    #expect(String(decoding: bytes, as: UTF8.self) == expected)
  }

  @Test func theTreeOfAPartIsTheTreeOfTheWhole() async throws {
    let log = try await Self.session()
    let command = try LogCommand.parse(["--tree"])
    let text = try Self.output(log) { reader, sink in
      try command.write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain, chunkSize: 5)
    }.text
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let tree = ActionTree(
      actions: try reader.actions(in: 1...360), effects: try reader.effects(), indexWidth: 3)
    #expect(text == tree.lines.joined(separator: "\n") + "\n")
    #expect(
      text.hasPrefix(
        """
          1  Shelf.Action.increment
          2  Shelf.Action.load
             └─ effect #1 run, finished
                └─ 3  Shelf.Action.loaded(42)
        """))
  }

  @Test(arguments: [[], ["--json"]])
  func changesReadChunks(arguments: [String]) async throws {
    let log = try await Self.session()
    let command = try ChangesCommand.parse(arguments)
    let chunked = try Self.output(log) { reader, sink in
      try command.write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain, chunkSize: 16)
    }
    // The state is rebuilt once, from the snapshot at index 0: one patch.
    #expect(chunked.largestRead <= 16)
    let whole = try Self.output(log) { reader, sink in
      try command.write(
        reader, range: 1...reader.actionCount, to: &sink, terminal: .plain, chunkSize: 10_000)
    }
    #expect(whole.largestRead == 360)
    #expect(chunked.text == whole.text)
    #expect(
      chunked.text.components(separatedBy: "received action:").count - 1
        == (arguments.isEmpty ? 360 : 0))
  }

  @Test(arguments: [[], ["--json"]])
  func historyReadsChunks(arguments: [String]) async throws {
    let log = try await Self.session()
    let command = try HistoryCommand.parse(["--path", "count"] + arguments)
    let chunked = try Self.output(log) { reader, sink in
      try command.write(reader, to: &sink, terminal: .plain, chunkSize: 16)
    }
    #expect(chunked.largestRead <= 16)
    let whole = try Self.output(log) { reader, sink in
      try command.write(reader, to: &sink, terminal: .plain, chunkSize: 10_000)
    }
    #expect(chunked.text == whole.text)
    // count: 1, 42, 43, 42, … — every increment and every loaded after the first changes it.
    let lines = chunked.text.split(separator: "\n")
    #expect(lines.count == (arguments.isEmpty ? 2 : 1) * 120)
  }
}
