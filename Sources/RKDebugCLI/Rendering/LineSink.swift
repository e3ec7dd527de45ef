import Foundation
import ReducerKitDebug

/// Where a command writes its output lines: standard output, or a file that replaces the one at
/// its path only once every line is written (a failure leaves any existing file as it was).
///
/// Lines are buffered and written 64 KiB at a time to standard output, a megabyte at a time to a
/// file (or at each ``flush()``), so a long
/// session is written as it is read rather than held whole in memory. When standard output's
/// reader goes away (`rkdebug log | head`), a write throws ``OutputClosed``: a quiet stop.
struct LineSink {
  private let path: String?
  private let temporaryPath: String?
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  /// Called before each write to the output, to clear a progress line on the same terminal.
  var beforeWrite: (() -> Void)?

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
    try endLine()
  }

  /// Adds `text` to the line being written, which ``endLine()`` ends: a line written in parts
  /// goes into the buffer without a `String` of its own.
  mutating func append(_ text: String) {
    buffer += text.utf8
  }

  /// Adds a line that `write` appends to the buffer, and a line feed.
  mutating func writeLine(_ write: (inout [UInt8]) throws -> Void) throws {
    try write(&buffer)
    try endLine()
  }

  /// Adds `count` spaces to the line being written.
  mutating func appendSpaces(_ count: Int) {
    buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, count)))
  }

  /// Ends the line being written with a line feed.
  mutating func endLine() throws {
    buffer.append(UInt8(ascii: "\n"))
    // A pipe's reader gets output soon and `| head` stops rkdebug soon; a file, in big writes.
    if buffer.count >= (path == nil ? 1 << 16 : 1 << 20) { try flush() }
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

  /// Whether standard output is a pipe or socket whose reader has gone: for a command that
  /// waits for something to write (`--follow`) and would otherwise not notice.
  static var isStandardOutputClosed: Bool {
    var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
    guard poll(&descriptor, 1, 0) == 1 else { return false }
    return descriptor.revents & Int16(POLLERR | POLLHUP) != 0
  }

  /// Writes what is buffered now: for output a person or another process watches as it comes
  /// (`--follow`, a terminal).
  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    beforeWrite?()
    // write(2) rather than FileHandle, whose errors do not say EPIPE reliably.
    let descriptor = handle.fileDescriptor
    let failure: Int32? = buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(
          descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
    buffer.removeAll(keepingCapacity: true)
    guard let failure else { return }
    abandon()
    if failure == EPIPE, path == nil { throw OutputClosed() }
    throw RKDebugError(
      "cannot write '\(path ?? "standard output")': \(String(cString: strerror(failure)))")
  }
}

extension LineSink: ExportLineSink {}
