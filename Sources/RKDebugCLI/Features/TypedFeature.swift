import Foundation
import ReducerKit
import ReducerKitDebug

/// A feature with its types known: the implementation of ``ErasedFeature``.
struct TypedFeature<R: Reducer>: ErasedFeature
where R.State: ObservableStateProtocol & Codable, R.Action: Codable {
  let name: String
  let makeReducer: @Sendable () -> R
  let initialState: @Sendable () -> R.State
  let randomAction: (@Sendable (R.State, inout any RandomNumberGenerator) -> R.Action)?
  /// A change no action makes, between random actions (``DebugFeature``'s
  /// `randomOutsideChange:`).
  let randomOutsideChange: (@Sendable (R.State, inout any RandomNumberGenerator) -> Void)?
  let dependencies: (@Sendable (inout DependencyValues) -> Void)?
  /// The time that passes on the clocks between two recorded actions (`actionInterval:` of
  /// ``DebugFeature``), or `nil` for effects that run to their end before the next action.
  let actionInterval: Duration?

  var canMakeRandomActions: Bool { randomAction != nil }

  // MARK: - Recording

  @MainActor
  func record(
    _ input: RecordInput, options: RecordOptions, openLog: () throws -> ActionLog,
    progress: (_ sent: Int, _ total: Int) -> Void
  ) async throws -> RecordingOutcome {
    var decoder = ActionDecoder()
    let total: Int
    switch input {
    case .actionsFile(let path, let source):
      total = try decoder.validate(path: path, source: source)
    case .random(let count, _):
      guard randomAction != nil else {
        throw RKDebugError(
          "feature '\(name)' cannot make random actions (it was registered without "
            + "randomAction:); pass --actions FILE instead"
        )
      }
      total = count
    }
    let log = try openLog()
    let reducer = makeReducer()
      .recording(to: log, feature: name, snapshotInterval: options.snapshotInterval)
    let pace = actionInterval.map { RecordingPace(interval: $0, realTime: options.realTime) }
    // The initial state is made with the feature's own dependencies: its `@Shared` keys read
    // their storage when made. (Not with record's seeded ones, whose generators would then
    // give the store's first values a second time.)
    // The outside changes run with the same ones: they write to the storage the state's keys
    // were made with.
    let featureDependencies = withDependencies { dependencies?(&$0) } operation: {
      DependencyValues._current
    }
    let state = withDependencies { $0 = featureDependencies } operation: { initialState() }
    let store = Store<R>(initialState: state, reducer: reducer) {
      dependencies?(&$0)
      options.prepare(&$0)
      pace?.prepare(&$0)
    }
    var sent = 0
    var failure: (any Error)?
    // Every job of the run, the effects' nonisolated code included, on the main actor's queue:
    // one thread, in a fixed order, so an effect costs no hop to another thread and back.
    // swift-concurrency-extras offers this for tests; a record run is as deterministic as one,
    // and the log's writer is a thread of its own, outside Swift concurrency. Counted, not
    // saved and restored, since tests record in parallel with each other and with TestStores.
    await MainSerialExecutorHold.run {
      do {
        switch input {
        case .actionsFile(let path, let source):
          // The second pass over the file, which the first found to hold `total` actions.
          let changed = { (sent: Int) in
            RKDebugError(
              "\(source) changed while it was being recorded; the session holds the \(sent) "
                + "actions sent before the change")
          }
          let lines = try ActionLineReader(path: path)
          while let line = try lines.next() {
            guard sent < total, let action = try? decoder.decode(line, source: source) else {
              throw changed(sent)
            }
            await send(action, to: store, pace: pace)
            sent += 1
            progress(sent, total)
          }
          guard sent == total else { throw changed(sent) }
        case .random(let count, let seed):
          var generator: any RandomNumberGenerator = SplitMix64(seed: seed)
          // A generator of their own: the actions of a seed stay those it always gave.
          var outsideGenerator: any RandomNumberGenerator = SplitMix64(seed: ~seed)
          for _ in 0..<count {
            await send(randomAction!(store.state, &generator), to: store, pace: pace)
            sent += 1
            progress(sent, total)
            if let randomOutsideChange {
              withDependencies { $0 = featureDependencies } operation: {
                randomOutsideChange(store.state, &outsideGenerator)
              }
            }
          }
        }
      } catch {
        failure = error
      }
      // Effects that outlive the last action (a paced feature's timers) end with the session.
      await store.cancelEffects()
    }
    // Closed either way, so that what was sent is committed and the session ended.
    try log.close()
    if let failure { throw failure }
    return RecordingOutcome(sessionUUID: reducer.sessionUUID, sent: sent)
  }

  /// Sends one action and waits until every effect it started, and every effect those effects'
  /// actions started, has finished: the next action then meets a settled state. With a `pace`,
  /// waits for its interval to pass instead, however long the effects run.
  @MainActor
  private func send(_ action: R.Action, to store: Store<R>, pace: RecordingPace?) async {
    let task = store.send(action)
    if let pace { return await pace.wait() }
    await task.finish()
    await store.waitForEffects()
  }

  /// Decodes action lines, keeping the most recent distinct texts decoded: an actions file
  /// repeats a few actions many times, and is read twice.
  private struct ActionDecoder {
    private let decoder = JSONDecoder()
    private var decoded: [String: R.Action] = [:]
    private static var decodedLimit: Int { 4096 }

    /// Reads the whole file once, checking that every line is an action, before anything is
    /// recorded: a malformed line leaves the log untouched. Returns the number of actions.
    mutating func validate(path: String, source: String) throws -> Int {
      let lines = try ActionLineReader(path: path)
      var count = 0
      while let line = try lines.next() {
        guard line.text.utf8.count <= InputLimits.maximumActionLineLength else {
          throw RKDebugError(
            "line \(line.number) of \(source) is \(line.text.utf8.count) bytes long; an action "
              + "line is at most \(InputLimits.maximumActionLineLength) bytes (16 MiB); nothing "
              + "was recorded")
        }
        _ = try decode(line, source: source)
        count += 1
      }
      guard count > 0 else {
        throw RKDebugError("\(source) holds no actions; nothing was recorded")
      }
      return count
    }

    /// The action of `line`, or an error naming the line.
    mutating func decode(_ line: ActionLine, source: String) throws -> R.Action {
      if let action = decoded[line.text] { return action }
      let action: R.Action
      do {
        action = try ActionJSON.decode(R.Action.self, from: line.text, decoder: decoder)
      } catch {
        throw RKDebugError(
          "line \(line.number) of \(source) is not a \(String(reflecting: R.Action.self)): "
            + "\(DecodingErrorSummary.text(for: error, decoding: line.text)); nothing was recorded"
        )
      }
      if decoded.count >= Self.decodedLimit { decoded.removeAll(keepingCapacity: true) }
      decoded[line.text] = action
      return action
    }
  }

  // MARK: - Replaying

  func replayer(for reader: SessionReader) throws -> any SessionReplayer {
    try ReplayEngine(reader: reader, reducer: makeReducer(), withDependencies: dependencies)
  }
}
