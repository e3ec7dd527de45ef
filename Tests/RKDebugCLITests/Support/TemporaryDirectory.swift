import Foundation

/// A directory of its own under the system's temporary directory, removed when released.
final class TemporaryDirectory: @unchecked Sendable {
  /// The directory.
  let url: URL

  /// Creates an empty directory.
  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` in the directory.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` in the directory and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  /// The fingerprint of the log `name` in the directory, to check that a command left it
  /// untouched.
  func fingerprint(_ name: String = "rkdebug.sqlite") throws -> FileFingerprint {
    try FileFingerprint(path: path(name))
  }
}
