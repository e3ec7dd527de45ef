import ReducerKitDebug

/// The line `--follow` prints when it moves to a newer session: `==> session 4 (counter) <==`
/// in the style of `tail`'s file headers, or `{"session":4,"feature":"counter"}` with
/// `--json` (docs/cli-json.md).
enum FollowHeader {
  /// The header of `session`.
  static func line(_ session: LoggedSession, json: Bool) -> String {
    guard json else { return "==> session \(session.id) (\(session.feature)) <==" }
    let members: [String: JSONValue] = [
      "session": JSONValue(session.id), "feature": .string(session.feature),
    ]
    return JSONValue.object(members).serialized()
  }
}
