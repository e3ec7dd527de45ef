import Foundation

/// A new empty folder under the temporary directory, removed when the value is released.
final class ScratchDirectory {
  /// The folder.
  let url: URL

  /// Creates the folder.
  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("rkdebug-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` in the folder.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// Writes `text` to `name` in the folder and returns its path.
  @discardableResult
  func write(_ text: String, to name: String) throws -> String {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  /// The bytes of the log `name` and of its WAL file (empty when there is none), to check
  /// that a read did not write.
  func logBytes(_ name: String = "rkdebug.sqlite") -> [Data] {
    [name, name + "-wal"].map { FileManager.default.contents(atPath: path($0)) ?? Data() }
  }
}
