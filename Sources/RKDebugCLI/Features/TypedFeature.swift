import Foundation
import ReducerKit
import ReducerKitDebug

/// A feature with its types known: the implementation of ``ErasedFeature``.
struct TypedFeature<R: Reducer>: ErasedFeature
where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
  let name: String
  let makeReducer: @Sendable () -> R
  let initialState: @Sendable () -> R.State
  let randomAction: (@Sendable (R.State, inout any RandomNumberGenerator) -> R.Action)?
  let dependencies: (@Sendable (inout DependencyValues) -> Void)?

  var canMakeRandomActions: Bool { randomAction != nil }

  // MARK: - Recording

  @MainActor
  func record(
    _ input: RecordInput, options: RecordOptions, openLog: () throws -> ActionLog,
    progress: (Int) -> Void
  ) async throws -> RecordingOutcome {
    var decoded: [R.Action] = []
    switch input {
    case .lines(let lines, let source):
      decoded = try decodeActions(lines, source: source)
    case .random:
      guard randomAction != nil else {
        throw RKDebugError(
          "feature '\(name)' cannot make random actions (it was registered without "
            + "randomAction:); pass --actions FILE instead"
        )
      }
    }
    let log = try openLog()
    let reducer = makeReducer()
      .recording(to: log, feature: name, snapshotInterval: options.snapshotInterval)
    let store = Store<R>(initialState: initialState(), reducer: reducer) {
      dependencies?(&$0)
      options.prepare(&$0)
    }
    var sent = 0
    // Every job of the run, the effects' nonisolated code included, on the main actor's queue:
    // one thread, in a fixed order, so an effect costs no hop to another thread and back.
    // swift-concurrency-extras offers this for tests; a record run is as deterministic as one,
    // and the log's writer is a thread of its own, outside Swift concurrency.
    await withMainSerialExecutor {
      switch input {
      case .lines:
        for action in decoded {
          await send(action, to: store)
          sent += 1
          progress(sent)
        }
      case .random(let count, let seed):
        var generator: any RandomNumberGenerator = SplitMix64(seed: seed)
        for _ in 0..<count {
          await send(randomAction!(store.state, &generator), to: store)
          sent += 1
          progress(sent)
        }
      }
    }
    try log.close()
    return RecordingOutcome(sessionUUID: reducer.sessionUUID, sent: sent)
  }

  /// Sends one action and waits until every effect it started, and every effect those effects'
  /// actions started, has finished: the next action then meets a settled state.
  @MainActor
  private func send(_ action: R.Action, to store: Store<R>) async {
    await store.send(action).finish()
    await store.waitForEffects()
  }

  /// Decodes every action line, or throws naming the first line that is not an action.
  private func decodeActions(_ lines: [ActionLine], source: String) throws -> [R.Action] {
    let decoder = JSONDecoder()
    return try lines.map { line in
      do {
        return try decoder.decode(R.Action.self, from: Data(line.text.utf8))
      } catch {
        throw RKDebugError(
          "line \(line.number) of \(source) is not a \(String(reflecting: R.Action.self)): "
            + "\(DecodingErrorSummary.text(for: error, decoding: line.text)); nothing was recorded"
        )
      }
    }
  }

  // MARK: - Replaying

  func replayer(for reader: SessionReader) throws -> any SessionReplayer {
    try ReplayEngine(reader: reader, reducer: makeReducer(), withDependencies: dependencies)
  }
}
