import Foundation

/// A small text file read whole, such as a file of tokens: refused, rather than read into
/// memory, when it is not a regular file or is larger than its limit.
package enum SmallTextFile {
  /// The UTF-8 text of the regular file at `path`, at most `limit` bytes.
  ///
  /// - Throws: ``RKDebugError`` naming `description` and the path when the file cannot be
  ///   read, is a folder, FIFO or device, is larger than `limit` or is not UTF-8.
  package static func read(
    _ path: String, description: String, limit: Int = 1 << 20
  ) throws -> String {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    guard let attributes else { throw RKDebugError("cannot read \(description) \(path)") }
    guard attributes[.type] as? FileAttributeType == .typeRegular else {
      throw RKDebugError("\(description) \(path) is not a regular file")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw RKDebugError("cannot read \(description) \(path)")
    }
    defer { try? handle.close() }
    // One byte past the limit says whether the file is larger, whatever its size claimed.
    let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
    guard data.count <= limit else {
      throw RKDebugError("\(description) \(path) is larger than \(limit / 1024) KiB")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw RKDebugError("\(description) \(path) is not UTF-8 text")
    }
    return text
  }
}
