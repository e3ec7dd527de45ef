/// A failure of an `rkdebug` command, with a message for the person who ran it: what was wrong
/// and what to do.
public struct RKDebugError: Error, CustomStringConvertible, Equatable {
  /// The message, one line, without the `rkdebug: error:` prefix.
  public let description: String
  /// The process exit code.
  public let exitCode: Int32

  /// An error with a message and exit code 1.
  public init(_ description: String, exitCode: Int32 = 1) {
    self.description = description
    self.exitCode = exitCode
  }
}
