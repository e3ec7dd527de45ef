import Foundation

/// The file a command writes (`export -o`, `testgen -o`, `ui --export`): never the log it
/// reads, and never half-written.
enum OutputFile {
  /// The log's own files: replacing one of them would destroy the session being read (or
  /// corrupt the log, for a companion SQLite reads back).
  private static let logFileSuffixes = ["", "-wal", "-shm", "-journal"]

  /// Throws when `output` is the log at `logPath` or one of its companions: the same path once
  /// both are absolute, standardized and free of symbolic links, or the same file (device and
  /// inode) when both exist, as through a hard link.
  ///
  /// - Parameter option: The option that named `output`, for the message (`--output`).
  static func refuseLog(_ output: String, option: String, logPath: String) throws {
    let target = FileIdentity(path: output)
    for suffix in logFileSuffixes {
      let file = logPath + suffix
      guard target.isSameFile(as: FileIdentity(path: file)) else { continue }
      let what = suffix.isEmpty ? "the log itself" : "the log's \(suffix.dropFirst()) file"
      let named = output == file ? "" : " ('\(file)')"
      throw RKDebugError(
        "\(option) '\(output)' is \(what)\(named); replacing it would destroy the session: "
          + "write to another file"
      )
    }
  }

  /// Writes `text` to `path` through a temporary file beside it, renamed into place once
  /// whole: a full disk leaves any file at `path` as it was and no partial file.
  static func write(_ text: String, to path: String) throws {
    var sink = try LineSink(path: path)
    sink.append(text)
    do {
      try sink.finish()
    } catch {
      sink.abandon()
      throw error
    }
  }
}
