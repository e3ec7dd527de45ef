import Foundation

/// Input that can be read only once (standard input, a pipe such as `<(…)`) copied to a
/// temporary file, for input that is read twice: `record --actions` checks every line before it
/// sends any. The file is removed on release.
final class TemporaryInputCopy {
  /// The temporary file's path.
  let path: String

  /// Copies everything `descriptor` gives until its end, a block at a time; `source` names the
  /// input in messages.
  ///
  /// - Throws: ``RKDebugError`` when the temporary file cannot be written or the input read.
  init(of descriptor: Int32, source: String) throws {
    let path = NSTemporaryDirectory() + "rkdebug-input-\(UUID().uuidString).jsonl"
    let output = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard output >= 0 else {
      throw RKDebugError("cannot copy \(source) to '\(path)': \(Self.lastError)")
    }
    self.path = path
    defer { close(output) }
    var block = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw RKDebugError("cannot read \(source): \(Self.lastError)")
      }
      var written = 0
      while written < count {
        let result = block.withUnsafeBytes {
          write(output, $0.baseAddress! + written, count - written)
        }
        if result < 0 {
          if errno == EINTR { continue }
          throw RKDebugError("cannot copy \(source) to '\(path)': \(Self.lastError)")
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
