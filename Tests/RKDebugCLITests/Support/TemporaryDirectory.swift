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
}
