import ReducerKit
import ReducerKitDebug

/// The text and JSON `replay`, the stepper and `bisect --divergence` print for replay results.
enum ReplayReport {
  /// `text` with every line indented by `spaces`.
  static func indented(_ text: String, by spaces: Int = 2) -> String {
    let indentation = String(repeating: " ", count: spaces)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : indentation + $0 }
      .joined(separator: "\n")
  }

  /// The report of a divergence: the action, how its dependency reads differ (when they do),
  /// then the recorded (`-`) and replayed (`+`) states after it, the diff colored on a terminal.
  static func divergenceText(
    _ divergence: ReplayDivergence, terminal: Terminal = .plain
  ) -> String {
    var lines = [
      "divergence at action \(divergence.index) (\(divergence.source.text)):",
      indented(divergence.label),
    ]
    if let mismatch = divergence.inputMismatch {
      lines.append("the dependencies differ: \(mismatch)")
    }
    if divergence.difference.diff.isEmpty {
      lines.append("the state after action \(divergence.index) is the recorded one")
    } else {
      lines += [
        "the state after action \(divergence.index), recorded (-) vs replayed (+):",
        terminal.coloredDiff(divergence.difference.diff),
      ]
    }
    return lines.joined(separator: "\n")
  }

  /// The JSON of a state difference.
  static func json(_ difference: StateDifference) -> JSONValue {
    [
      "index": JSONValue(difference.index), "diff": .string(difference.diff),
      "expected": difference.expected, "actual": difference.actual,
    ]
  }

  /// The JSON of a divergence: its index, label and source (as `rkdebug log --json` writes
  /// sources), the diff, and both states.
  static func json(_ divergence: ReplayDivergence) -> JSONValue {
    var members: [String: JSONValue] = [
      "index": JSONValue(divergence.index), "label": .string(divergence.label),
      "diff": .string(divergence.difference.diff),
      "expected": divergence.difference.expected, "actual": divergence.difference.actual,
      "inputMismatch": divergence.inputMismatch.map(JSONValue.string) ?? .null,
    ]
    members.merge(divergence.source.jsonMembers) { _, source in source }
    return .object(members)
  }

  /// `0.004 s`, `1.25 s`.
  static func seconds(_ duration: Duration) -> String {
    let seconds = duration.inSeconds
    return seconds < 0.01
      ? "\((seconds * 10_000).rounded() / 10_000) s" : "\((seconds * 100).rounded() / 100) s"
  }
}
