import Foundation

/// Where a path leads: its resolved path and, when the file exists, its device and inode.
struct FileIdentity {
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
