import Foundation

/// The lines `rkdebug export` writes for one session: its session line, then one line per
/// action, each followed by the effects its reducer returned (docs/cli-json.md).
///
/// `export` writes them to a file, `push` sends them in batches, and `serve` answers them.
package struct SessionExport {
  package let log: ActionLog
  package let reader: SessionReader
  private var texts = ExportFormat.ActionTextMembers()

  package init(log: ActionLog, reader: SessionReader) {
    self.log = log
    self.reader = reader
  }

  /// The session line: its metadata, initial state and the environment read at index 0.
  package func sessionLine() throws -> String {
    ExportFormat.sessionLine(
      reader.session, metadata: try log.metadata(ofSession: reader.session.id),
      initialState: try reader.stateJSON(at: 0), environment: try reader.reads(at: 0)
    ).serialized()
  }

  /// Writes the lines of the actions in `range`, each followed by its effects unless
  /// `effects` is false (an uploader sends effects by their ids).
  package mutating func writeActions(
    in range: ClosedRange<Int>, effects: Bool = true, to sink: inout some ExportLineSink
  ) throws {
    let reads = try reader.reads(in: range)
    let effectsByAction =
      effects
      ? Dictionary(grouping: try reader.effects(ofActionsIn: range), by: \.actionIndex) : [:]
    let reader = reader
    // Each line is written into the sink's buffer as its row is read.
    try reader.forEachRow(in: range) { action in
      try sink.writeLine { line in
        try ExportFormat.appendActionLine(
          action, reads: reads[action.index] ?? [], reader: reader, texts: &texts, to: &line)
      }
      for effect in effectsByAction[action.index] ?? [] {
        try sink.writeLine { ExportFormat.appendEffectLine(effect, to: &$0) }
      }
    }
  }

  /// The whole export of `session`, as `rkdebug export` writes it once the session is in a
  /// local log: a session read back from a collector is written into a temporary log first.
  package static func text(of session: SessionImport) throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let log = try ActionLog(path: directory.appendingPathComponent("session.sqlite").path)
    defer { try? log.close() }
    let id = try log.importSession(session)
    return try text(of: try log.reader(session: id), in: log)
  }

  /// The whole export of the session `reader` reads from `log`.
  package static func text(of reader: SessionReader, in log: ActionLog) throws -> String {
    var export = SessionExport(log: log, reader: reader)
    var buffer = ExportBuffer()
    try buffer.write(try export.sessionLine())
    if export.reader.actionCount > 0 {
      try export.writeActions(in: 1...export.reader.actionCount, to: &buffer)
    }
    return String(decoding: buffer.bytes, as: UTF8.self)
  }
}

/// Where ``SessionExport`` writes lines: a file or standard output (the CLI's `LineSink`), or
/// memory.
package protocol ExportLineSink {
  /// Adds `line` and a line feed.
  mutating func write(_ line: String) throws
  /// Adds a line that `write` appends to the buffer, and a line feed.
  mutating func writeLine(_ write: (inout [UInt8]) throws -> Void) throws
}

/// Export lines held in memory: a batch for `push`, a session for `serve`.
package struct ExportBuffer: ExportLineSink {
  package var bytes: [UInt8] = []

  package init() {}

  package mutating func write(_ line: String) throws {
    bytes += line.utf8
    bytes.append(UInt8(ascii: "\n"))
  }

  package mutating func writeLine(_ write: (inout [UInt8]) throws -> Void) throws {
    try write(&bytes)
    bytes.append(UInt8(ascii: "\n"))
  }
}
