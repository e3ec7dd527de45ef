import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug export`: a session as JSON Lines.
struct ExportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a session as JSON Lines, for 'rkdebug import' or other tools.",
    discussion: """
      The first line is the session's metadata with its initial state ("type": "session"); \
      then one line per action ("type": "action": its index, JSON, label, source and JSON \
      Patch with old values), each followed by the effects its reducer returned ("type": \
      "effect"). docs/cli-json.md describes every member. 'rkdebug import' of the file \
      gives a session whose every state is identical.
      """
  )

  @OptionGroup var sessionOptions: SessionOptions

  @Option(
    name: [.short, .long],
    help: ArgumentHelp(
      "The file to write. Defaults to standard output.",
      discussion: """
        An existing file is replaced, except the log itself and its -wal, -shm and -journal \
        companions, which are refused.
        """,
      valueName: "file"
    )
  )
  var output: String?

  func run() async throws {
    if let output, output != "-" {
      try Self.refuseLogFile(output, logPath: sessionOptions.logPath)
    }
    let log = try sessionOptions.openReadOnly()
    let reader = try log.reader(session: sessionOptions.session)
    var sink = try LineSink(path: output == "-" ? nil : output)
    do {
      try sink.write(
        ExportFormat.sessionLine(
          reader.session, metadata: try log.metadata(ofSession: reader.session.id),
          initialState: try reader.stateJSON(at: 0), environment: try reader.reads(at: 0)
        ).serialized()
      )
      let progress = ProgressLine.ofOutput(label: "exporting", total: reader.actionCount)
      if progress.isShown, output == nil || output == "-", Terminal.isOutputTerminal {
        sink.beforeWrite = { progress.clear() }
      }
      defer { progress.finish() }
      // A chunk of actions, with their reads and effects, at a time: a long session is not
      // held in memory whole.
      var texts = ExportFormat.ActionTextMembers()
      try reader.forEachRange { range in
        let reads = try reader.reads(in: range)
        let effectsByAction = Dictionary(
          grouping: try reader.effects(ofActionsIn: range), by: \.actionIndex)
        // Each line is written into the sink's buffer as its row is read.
        try reader.forEachRow(in: range) { action in
          try sink.writeLine { line in
            try ExportFormat.appendActionLine(
              action, reads: reads[action.index] ?? [], reader: reader, texts: &texts,
              to: &line)
          }
          for effect in effectsByAction[action.index] ?? [] {
            try sink.write(ExportFormat.effectLine(effect))
          }
        }
        progress.update(range.upperBound, reader.actionCount)
      }
      try sink.finish()
    } catch {
      sink.abandon()
      throw error
    }
  }

  // MARK: - The output file

  /// The log's own files: replacing one of them would destroy the session being exported (or
  /// corrupt the log, for a companion SQLite reads back).
  private static let logFileSuffixes = ["", "-wal", "-shm", "-journal"]

  /// Throws when `output` is the log at `logPath` or one of its companions: the same path once
  /// both are absolute, standardized and free of symbolic links, or the same file (device and
  /// inode) when both exist, as through a hard link.
  static func refuseLogFile(_ output: String, logPath: String) throws {
    let target = FileIdentity(path: output)
    for suffix in logFileSuffixes {
      let file = logPath + suffix
      guard target.isSameFile(as: FileIdentity(path: file)) else { continue }
      let what = suffix.isEmpty ? "the log itself" : "the log's \(suffix.dropFirst()) file"
      let named = output == file ? "" : " ('\(file)')"
      throw RKDebugError(
        "--output '\(output)' is \(what)\(named); replacing it would destroy the session: "
          + "export to another file"
      )
    }
  }
}

/// Where a path leads: its resolved path and, when the file exists, its device and inode.
private struct FileIdentity {
  /// The absolute path, standardized, with symbolic links resolved (those of the folder even
  /// when the file does not exist yet).
  let resolvedPath: String
  /// The device and inode of the file, or `nil` when there is no file.
  let node: (device: UInt64, inode: UInt64)?

  init(path: String) {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    let folder = url.deletingLastPathComponent().resolvingSymlinksInPath()
    resolvedPath =
      folder.appendingPathComponent(url.lastPathComponent)
      .resolvingSymlinksInPath().standardizedFileURL.path
    var status = stat()
    node =
      stat(path, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
  }

  /// Whether both name the same file.
  func isSameFile(as other: FileIdentity) -> Bool {
    if resolvedPath == other.resolvedPath { return true }
    guard let node, let otherNode = other.node else { return false }
    return node == otherNode
  }
}
