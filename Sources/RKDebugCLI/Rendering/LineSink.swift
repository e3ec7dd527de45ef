import Foundation

/// Where a command writes its output lines: standard output, or a file that replaces the one at
/// its path only once every line is written (a failure leaves any existing file as it was).
///
/// Lines are buffered and written a megabyte at a time, so a long session is written as it is
/// read rather than held whole in memory.
struct LineSink {
  private let path: String?
  private let temporaryPath: String?
  private let handle: FileHandle
  private var buffer: [UInt8] = []

  /// A sink writing to the file at `path`, or to standard output when `path` is `nil`.
  init(path: String?) throws {
    self.path = path
    guard let path else {
      temporaryPath = nil
      handle = FileHandle.standardOutput
      return
    }
    // In the same folder, so that the final rename replaces the file in one step.
    let temporary = path + ".rkdebug-\(UUID().uuidString).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else {
      throw RKDebugError("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
    temporaryPath = temporary
    handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Adds `line` and a line feed.
  mutating func write(_ line: String) throws {
    buffer += line.utf8
    buffer.append(UInt8(ascii: "\n"))
    if buffer.count >= 1 << 20 { try flush() }
  }

  /// Writes what is buffered, and for a file, puts it in place of the one at the path.
  mutating func finish() throws {
    try flush()
    guard let path, let temporaryPath else { return }
    do {
      try handle.close()
    } catch {
      abandon()
      throw RKDebugError("cannot write '\(path)': \(error.localizedDescription)")
    }
    guard rename(temporaryPath, path) == 0 else {
      let reason = String(cString: strerror(errno))
      abandon()
      throw RKDebugError("cannot write '\(path)': \(reason)")
    }
  }

  /// Removes the temporary file after a failure; the file at the path is left as it was.
  func abandon() {
    guard let temporaryPath else { return }
    try? handle.close()
    try? FileManager.default.removeItem(atPath: temporaryPath)
  }

  private mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    do {
      try handle.write(contentsOf: buffer)
    } catch {
      abandon()
      throw RKDebugError(
        "cannot write '\(path ?? "standard output")': \(error.localizedDescription)")
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
