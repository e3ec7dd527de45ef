import RKDebugCLI

extension TeamCommands {
  /// `serve`, `push` and `pull`, and `--db URL` for the read commands: pass it to
  /// `RKDebug.main(features:team:)` in an `rkdebug` that depends on this product.
  public static var collector: TeamCommands {
    TeamCommands(commands: [ServeCommand.self, PushCommand.self, PullCommand.self]) { url in
      try CollectorClient(url: url, tokenFile: nil)
    }
  }
}

extension CollectorClient: CollectorReading {}
