/// How `rkdebug record` runs a feature.
struct RecordOptions: Sendable {
  /// Whether effects sleep for real (`--real-time`) rather than on an immediate clock.
  var realTime = false
  /// A full-state snapshot is written every this many actions.
  var snapshotInterval = 1000
}
