import ReducerKit
import ReducerKitSamples
import ReducerKitTestSupport

/// The counter sample with a bug: `decrement` subtracts two. Replaying a session recorded with
/// the real counter through it diverges at the first decrement.
struct MiscountingCounter: Reducer {
  typealias State = Counter.State
  typealias Action = Counter.Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .decrement:
      state.count -= 2
      state.fact = nil
      return .none
    default:
      return Counter().testDependencies().reduce(into: &state, action: action)
    }
  }
}

/// An older counter whose actions had a case the sample no longer has: a session recorded with
/// it under the name `counter` no longer decodes as `Counter.Action`.
struct LegacyCounter: Reducer {
  typealias State = Counter.State

  enum Action: Equatable, Codable, Sendable {
    case increment
    case decrement
    case double
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .double: state.count *= 2
    }
    return .none
  }
}
