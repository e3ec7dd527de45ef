import Foundation

/// Standard input copied to a temporary file, for input that is read more than once (`record
/// --actions -` checks every line before it sends any). The file is removed on release.
final class StandardInputCopy {
  /// The temporary file's path.
  let path: String

  /// Copies all of standard input, a block at a time.
  ///
  /// - Throws: ``RKDebugError`` when the temporary file cannot be written or the input read.
  init() throws {
    let path = NSTemporaryDirectory() + "rkdebug-stdin-\(UUID().uuidString).jsonl"
    let output = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard output >= 0 else {
      throw RKDebugError("cannot copy standard input to '\(path)': \(Self.lastError)")
    }
    self.path = path
    defer { close(output) }
    var block = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = block.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw RKDebugError("cannot read standard input: \(Self.lastError)")
      }
      var written = 0
      while written < count {
        let result = block.withUnsafeBytes {
          write(output, $0.baseAddress! + written, count - written)
        }
        if result < 0 {
          if errno == EINTR { continue }
          throw RKDebugError("cannot copy standard input to '\(path)': \(Self.lastError)")
        }
        written += result
      }
    }
  }

  deinit {
    unlink(path)
  }

  private static var lastError: String { String(cString: strerror(errno)) }
}
