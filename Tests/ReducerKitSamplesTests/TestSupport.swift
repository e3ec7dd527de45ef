import Foundation
import ReducerKit
import ReducerKitSamples
import ReducerKitTestSupport

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
  let warnings = IssueCollector()
  let store = Store(initialState: initialState, reducer: feature) { $0.useTestValues() }
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
