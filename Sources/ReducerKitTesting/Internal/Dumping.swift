import CustomDump
import ReducerKit

/// Text renderings of values for failure messages, with swift-custom-dump.
enum Dumping {
  /// The value as swift-custom-dump prints it, optionally indented.
  static func dump(_ value: Any, indent: Int = 0) -> String {
    var text = ""
    customDump(value, to: &text, indent: indent)
    return text
  }

  /// A `diff` of two values with TCA's `−`/`+` markers, indented by 4, followed by the legend
  /// `(Expected: −, <actualName>: +)`; when custom-dump sees no difference (the values differ
  /// in something it does not print), both values in full.
  static func difference<T>(expected: T, actual: T, actualName: String) -> String {
    if let diff = CustomDump.diff(expected, actual, format: .proportional) {
      return "\(diff.indented(by: 4))\n\n(Expected: −, \(actualName): +)"
    }
    return """
      Expected:
      \(dump(expected, indent: 2))

      \(actualName):
      \(dump(actual, indent: 2))
      """
  }

  /// A count with its noun: `1 action`, `2 actions`.
  static func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// A duration in seconds, as TCA prints timeouts: `1.0 seconds`, `0.25 seconds`.
  static func seconds(_ duration: Duration) -> String {
    "\(duration.inSeconds) seconds"
  }
}
