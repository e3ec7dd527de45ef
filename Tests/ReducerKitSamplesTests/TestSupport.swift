import Foundation
import ReducerKit
import ReducerKitSamples

/// Collects the runtime warnings ReducerKit reports while a test runs.
final class WarningCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []

  /// The warnings reported so far.
  var messages: [String] {
    lock.lock()
    defer { lock.unlock() }
    return storage
  }

  /// Runs `operation` with every runtime warning, including those of effects it starts,
  /// collected here instead of printed.
  @MainActor
  @discardableResult
  func capture<T>(_ operation: () async throws -> T) async rethrows -> T {
    try await RuntimeWarning.$handler.withValue(handler, operation: operation)
  }

  /// Runs `operation` with every runtime warning collected here instead of printed.
  @MainActor
  @discardableResult
  func captureNow<T>(_ operation: () throws -> T) rethrows -> T {
    try RuntimeWarning.$handler.withValue(handler, operation: operation)
  }

  /// A warning handler that appends to this collector.
  private var handler: @Sendable (String) -> Void {
    { [self] message in append(message) }
  }

  /// Records one warning.
  func append(_ message: String) {
    lock.lock()
    defer { lock.unlock() }
    storage.append(message)
  }
}

/// What a run of seeded random actions through a store did.
struct RandomRun<Feature: Reducer> {
  var actions: [Feature.Action] = []
  var states: [Feature.State] = []
  var warnings: [String] = []
}

/// Sends `count` actions made by `Feature.randomAction(for:using:)` with `SplitMix64(seed:)` to
/// a store of `feature`, letting every effect finish before the next action, and records each
/// action, each state after it, and every runtime warning.
@MainActor
func runRandomActions<Feature: RandomActionGenerating>(
  _ feature: Feature,
  from initialState: Feature.State,
  count: Int,
  seed: UInt64
) async -> RandomRun<Feature> where Feature.State: ObservableStateProtocol {
  var run = RandomRun<Feature>()
  let warnings = WarningCollector()
  let store = Store(initialState: initialState, reducer: feature)
  var rng = SplitMix64(seed: seed)
  await warnings.capture {
    for _ in 0..<count {
      let action = Feature.randomAction(for: store.state, using: &rng)
      run.actions.append(action)
      await store.send(action).finish()
      await store.waitForEffects()
      run.states.append(store.state)
    }
  }
  run.warnings = warnings.messages
  return run
}

/// Encodes `value` as JSON and decodes it back.
func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return try JSONDecoder().decode(Value.self, from: encoder.encode(value))
}

/// The JSON text of `value`, keys sorted.
func json<Value: Encodable>(_ value: Value) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}
