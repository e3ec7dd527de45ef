import Foundation

/// Standard error as a `TextOutputStream`, for `print(…, to: &StandardError.stream)`.
struct StandardError: TextOutputStream {
  /// The process's standard error.
  nonisolated(unsafe) static var stream = StandardError()

  mutating func write(_ string: String) {
    FileHandle.standardError.write(Data(string.utf8))
  }
}
