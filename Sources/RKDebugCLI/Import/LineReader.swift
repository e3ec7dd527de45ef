import Foundation

/// The lines of a file or of standard input, read a block at a time, so a file of any size is
/// read in bounded memory.
final class LineReader {
  private let descriptor: Int32
  private let closesDescriptor: Bool
  /// The bytes read; those in `start..<end` are not returned yet.
  private var buffer = [UInt8](repeating: 0, count: LineReader.blockSize)
  private var start = 0
  private var end = 0
  private var isAtEnd = false
  private static let blockSize = 1 << 20

  /// Reads `file`, or standard input for `-`.
  ///
  /// - Throws: ``RKDebugError`` when the file does not exist or cannot be read.
  init(file: String) throws {
    if file == "-" {
      descriptor = STDIN_FILENO
      closesDescriptor = false
      return
    }
    guard FileManager.default.fileExists(atPath: file) else {
      throw RKDebugError("no file '\(file)'; pass a file 'rkdebug export' wrote")
    }
    let descriptor = open(file, O_RDONLY)
    guard descriptor >= 0 else { throw RKDebugError("cannot read '\(file)'") }
    self.descriptor = descriptor
    closesDescriptor = true
  }

  deinit {
    if closesDescriptor { close(descriptor) }
  }

  /// The next line without its newline, or `nil` at the end of the input.
  func next() throws -> String? {
    while true {
      if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        return line
      }
      if isAtEnd {
        guard start < end else { return nil }
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = end
        return line
      }
      try fill()
    }
  }

  /// Reads the next block of input after what is left of the buffer, moved to its front; the
  /// buffer doubles only when a line is longer than it. A pipe gives 64 KiB or less a read,
  /// so nothing is allocated or cleared per read.
  private func fill() throws {
    let unread = end - start
    if start > 0 {
      buffer.withUnsafeMutableBytes { bytes in
        _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, unread)
      }
      start = 0
      end = unread
    }
    if end == buffer.count {
      buffer += [UInt8](repeating: 0, count: buffer.count)
    }
    var readCount = 0
    while true {
      readCount = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + end, bytes.count - end)
      }
      if readCount >= 0 || errno != EINTR { break }
    }
    guard readCount >= 0 else {
      throw RKDebugError("cannot read the input: \(String(cString: strerror(errno)))")
    }
    end += readCount
    if readCount == 0 { isAtEnd = true }
  }
}
