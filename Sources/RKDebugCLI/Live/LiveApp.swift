import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitLive

/// How `rkdebug demo --live` runs a sample as an app would: where its link listens, and how a
/// simulated user taps.
struct LiveApp: Sendable {
  var host = "127.0.0.1"
  var port = 0
  var token: String?
  /// The time between two taps of the simulated user.
  var interval: Duration = .seconds(1)
  /// How many actions the user sends before resting; `nil`: until the app stops.
  var actions: Int?
  var seed: UInt64 = 1
  /// Told the link's address and token once it listens.
  var onOpen: @Sendable (LiveDebugLink) -> Void = { _ in }
  /// Returns when the app must stop (a signal).
  var stopped: @Sendable () async -> Void
}

extension TypedFeature {
  @MainActor
  func runLive(_ app: LiveApp, log: ActionLog) async throws {
    guard let randomAction else {
      throw RKDebugError("feature '\(name)' cannot make random actions to run live")
    }
    let recording = makeReducer().recording(to: log, feature: name)
    let state = withDependencies { dependencies?(&$0) } operation: { initialState() }
    let store = Store<R>(initialState: state, reducer: recording) { dependencies?(&$0) }
    let link = try await LiveDebugLink.open(
      store: store, recording: recording, host: app.host, port: app.port, token: app.token)
    app.onOpen(link)
    let user = Task { @MainActor in
      var generator: any RandomNumberGenerator = SplitMix64(seed: app.seed)
      var sent = 0
      while app.actions.map({ sent < $0 }) ?? true, !Task.isCancelled {
        try? await Task.sleep(for: app.interval)
        guard !Task.isCancelled else { break }
        store.send(randomAction(store.state, &generator))
        sent += 1
      }
    }
    await app.stopped()
    user.cancel()
    await link.close()
    await store.cancelEffects()
    try log.close()
  }
}
