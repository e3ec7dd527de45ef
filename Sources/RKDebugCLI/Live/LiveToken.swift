import Foundation

/// The token of an app's live link: `--token`, or `$RKDEBUG_LIVE_TOKEN`.
enum LiveToken {
  /// The token given, or the environment's; a usage error naming `option` when neither is.
  static func resolve(_ given: String?, option: String) throws -> String {
    guard let token = given ?? ProcessInfo.processInfo.environment["RKDEBUG_LIVE_TOKEN"],
      !token.isEmpty
    else {
      throw RKDebugError(
        "\(option) needs the link's token: --token TOKEN or $RKDEBUG_LIVE_TOKEN, as the app "
          + "printed it", exitCode: 64)
    }
    return token
  }
}
