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

  /// The feature a recorded session belongs to, for the commands that run its reducer
  /// (`replay`, `bisect --divergence`).
  ///
  /// - Throws: An ``RKDebugError`` naming the session's feature and the registered ones.
  static func feature(forSession id: Int64, named name: String) throws -> DebugFeature {
    guard let feature = feature(named: name) else {
      throw RKDebugError(
        "session \(id) was recorded by feature '\(name)', which this rkdebug does not "
          + "register (it registers: \(registeredNames)); replaying needs the feature's "
          + "reducer: call RKDebug.main(features:) with it"
      )
    }
    return feature
  }
}
