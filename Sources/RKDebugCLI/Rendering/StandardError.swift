import Foundation

/// Standard error as a `TextOutputStream`, for `print(…, to: &StandardError.stream)`.
package struct StandardError: TextOutputStream {
  /// The process's standard error.
  ///
  /// The stream holds no state, so this is a computed property rather than a stored global:
  /// each `&StandardError.stream` gets a fresh value and nothing is shared between threads
  /// (a stored `static var` would be global mutable state that Swift 6 rejects unless marked
  /// `nonisolated(unsafe)`). The setter only exists so the property can be passed `inout`.
  package static var stream: StandardError {
    get { StandardError() }
    set {}  // Nothing to keep: writes went straight to the file descriptor.
  }

  package mutating func write(_ string: String) {
    FileHandle.standardError.write(Data(string.utf8))
  }
}
