import ReducerKitDebug

/// The features the running `rkdebug` executable registered.
enum FeatureRegistry {
  /// Set once by ``RKDebug/main(features:arguments:)`` before any command runs.
  nonisolated(unsafe) static var features: [DebugFeature] = []

  /// The feature registered under `name`.
  static func feature(named name: String) -> DebugFeature? {
    features.first { $0.name == name }
  }

  /// The registered names, sorted, for messages: `app, counter, search, todos`, or `none`.
  static var registeredNames: String {
    let names = features.map(\.name).sorted()
    return names.isEmpty ? "none" : names.joined(separator: ", ")
  }

  /// The feature registered under `name`, for `rkdebug record --feature NAME`.
  ///
  /// - Throws: An ``RKDebugError`` listing the registered features.
  static func feature(forRecording name: String) throws -> DebugFeature {
    guard let feature = feature(named: name) else {
      throw RKDebugError(
        "unknown feature '\(name)'; this rkdebug registers: \(registeredNames) "
          + "(see 'rkdebug features')"
      )
    }
    return feature
  }

  /// The registered feature a recorded session belongs to: the one registered under the
  /// session's feature name, else the only one whose state and action types are the session's.
  ///
  /// A session recorded by a recorder given no name (a `TestStore` recording to
  /// `REDUCERKIT_RECORD_DIR`, or `reducer.recording(to: log)` in an app) is listed under the
  /// reducer's type name, `Counter`, not under the name the feature is registered with,
  /// `counter`: its types still say which feature it is.
  static func feature(for session: LoggedSession) -> DebugFeature? {
    if let feature = feature(named: session.feature) { return feature }
    let matches = features(withTypesOf: session)
    return matches.count == 1 ? matches[0] : nil
  }

  /// The registered features whose state and action types are those of `session`.
  private static func features(withTypesOf session: LoggedSession) -> [DebugFeature] {
    features.filter {
      $0.stateType == session.stateType && $0.actionType == session.actionType
    }
  }

  /// The feature a recorded session belongs to (see ``feature(for:)``), for the commands that
  /// run its reducer (`replay`, `bisect --divergence`).
  ///
  /// - Throws: An ``RKDebugError`` naming the session's feature and the registered ones.
  static func feature(forSession session: LoggedSession) throws -> DebugFeature {
    if let feature = feature(for: session) { return feature }
    let matches = features(withTypesOf: session)
    if matches.count > 1 {
      let names = matches.map { "'\($0.name)'" }.sorted().joined(separator: ", ")
      throw RKDebugError(
        "session \(session.id) was recorded by feature '\(session.feature)', which this rkdebug "
          + "does not register, and the features \(names) all have its state and action "
          + "types; register one of them as '\(session.feature)' to replay it"
      )
    }
    throw RKDebugError(
      "session \(session.id) was recorded by feature '\(session.feature)', which this rkdebug "
        + "does not register (it registers: \(registeredNames)); replaying needs the feature's "
        + "reducer: call RKDebug.main(features:) with it"
    )
  }
}
