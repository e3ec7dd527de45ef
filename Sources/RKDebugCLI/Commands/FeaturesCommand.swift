import ArgumentParser
import Foundation
import ReducerKitDebug

/// `rkdebug features`: the features this rkdebug registers.
struct FeaturesCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "features",
    abstract: "List the features this rkdebug can record and replay.",
    discussion: """
      A feature is registered in the rkdebug executable with its name, reducer and state. \
      'record --feature NAME' records it; 'replay', 'bisect --divergence' and the typed \
      'changes' output need the session's feature registered. The other commands read any \
      log.
      """
  )

  @OptionGroup var output: JSONOutputOption

  func run() async throws {
    output.printList(
      FeatureRegistry.features, json: Self.json, empty: "(no features registered)",
      text: { Self.lines($0, terminal: .current) }
    )
  }

  /// The text: one block per feature, its name and summary, then its types.
  static func lines(_ features: [DebugFeature], terminal: Terminal) -> [String] {
    let width = features.map(\.name.count).max() ?? 0
    var lines: [String] = []
    for feature in features {
      let padding = String(repeating: " ", count: width - feature.name.count)
      lines.append(terminal.styled(feature.name, .bold) + padding + "  " + feature.summary)
      let indent = String(repeating: " ", count: width + 2)
      lines.append(indent + terminal.styled("state:  \(feature.stateType)", .dim))
      lines.append(indent + terminal.styled("action: \(feature.actionType)", .dim))
    }
    return lines
  }

  /// One feature as a JSON object (docs/cli-json.md).
  static func json(_ feature: DebugFeature) -> JSONValue {
    [
      "name": .string(feature.name),
      "summary": .string(feature.summary),
      "stateType": .string(feature.stateType),
      "actionType": .string(feature.actionType),
      "randomActions": .bool(feature.erased.canMakeRandomActions),
    ]
  }
}
