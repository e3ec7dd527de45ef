import Foundation

/// Where ReducerKit reports misuse it can survive, such as an action sent to a child state that
/// is not there.
public enum RuntimeWarning {
  /// Receives each warning's message. By default it prints to standard error; tests replace it
  /// with `RuntimeWarning.$handler.withValue(…)` to check the exact text.
  @TaskLocal public static var handler: @Sendable (String) -> Void = { message in
    FileHandle.standardError.write(Data("[ReducerKit] warning: \(message)\n".utf8))
  }
}

/// Reports a runtime warning through ``RuntimeWarning/handler``.
@usableFromInline
func runtimeWarn(_ message: String) {
  RuntimeWarning.handler(message)
}
