import Clocks
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
/// a store of `feature`, letting every effect finish before the next action (or, with a
/// `pace`, advancing a test clock by it, as `rkdebug record` does for a feature registered with
/// an `actionInterval`), and records each action, each state after it, and every runtime
/// warning.
@MainActor
func runRandomActions<Feature: RandomActionGenerating>(
  _ feature: Feature,
  from initialState: Feature.State,
  count: Int,
  seed: UInt64,
  pace: Duration? = nil
) async -> RandomRun<Feature> where Feature.State: ObservableStateProtocol {
  var run = RandomRun<Feature>()
  let warnings = IssueCollector()
  let clock = TestClock()
  let store = Store(initialState: initialState, reducer: feature) {
    if pace == nil { $0.useTestValues() } else { $0.useTestValues(clock: clock) }
  }
  var rng = SplitMix64(seed: seed)
  await warnings.capture {
    for _ in 0..<count {
      let action = Feature.randomAction(for: store.state, using: &rng)
      run.actions.append(action)
      let task = store.send(action)
      if let pace {
        await clock.advance(by: pace)
      } else {
        await task.finish()
        await store.waitForEffects()
      }
      run.states.append(store.state)
    }
    await store.cancelEffects()
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
