import RKDebugCollector

@testable import RKDebugCLI

/// The `rkdebug` that tests parse in process is the shipped one, with the team's commands
/// (`Sources/rkdebug/main.swift`).
enum ShippedRKDebug {
  /// Installs the team's commands, once: a test that parses in process reads this first.
  static let installed: Void = { TeamCommands.installed = .collector }()
}
