import Foundation

/// The lines of a file or of standard input, read a block at a time, so a file of any size is
/// read in bounded memory.
final class LineReader {
  private let descriptor: Int32
  private let closesDescriptor: Bool
  private var buffer: [UInt8] = []
  private var start = 0
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
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[start..<newline], as: UTF8.self)
        start = newline + 1
        return line
      }
      if isAtEnd {
        guard start < buffer.count else { return nil }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        start = buffer.count
        return line
      }
      try fill()
    }
  }

  /// Appends the next block of input to what is left of the buffer.
  private func fill() throws {
    buffer.removeSubrange(0..<start)
    start = 0
    let count = buffer.count
    buffer.reserveCapacity(count + Self.blockSize)
    var readCount = 0
    buffer.append(contentsOf: repeatElement(0, count: Self.blockSize))
    while true {
      readCount = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + count, Self.blockSize)
      }
      if readCount >= 0 || errno != EINTR { break }
    }
    guard readCount >= 0 else {
      buffer.removeSubrange(count...)
      throw RKDebugError("cannot read the input: \(String(cString: strerror(errno)))")
    }
    buffer.removeSubrange((count + readCount)...)
    if readCount == 0 { isAtEnd = true }
  }
}
