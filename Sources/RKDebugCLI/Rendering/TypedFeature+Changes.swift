import Foundation
import ReducerKit
import ReducerKitDebug

extension TypedFeature {
  func renderChange(
    action: LoggedAction, oldState: JSONValue, newState: JSONValue, decoded: DecodedState
  ) throws -> String {
    let old = try decoded.state(of: oldState, as: R.State.self)
    let new = try decoded.state(of: newState, as: R.State.self)
    return ChangeFormatter.text(
      header: ChangeText.header(for: action), actionDump: action.label, oldState: old, newState: new)
  }

  func renderDiff(from oldState: JSONValue, to newState: JSONValue) throws -> String? {
    CustomDumpText.diff(
      try oldState.decoded(as: R.State.self), try newState.decoded(as: R.State.self))
  }
}

/// The state a walk decoded last and the JSON it came from: the new state of one action is
/// the old state of the next, so each state of a walk is decoded once.
final class DecodedState {
  private var last: (json: JSONValue, state: Any)?

  /// `json` decoded as `State`, or the state decoded last when it came from the same JSON
  /// (identical, not `==`: a string replaced by its canonically equivalent form is a change).
  func state<State: Decodable>(of json: JSONValue, as type: State.Type) throws -> State {
    if let last, let state = last.state as? State, last.json.isIdentical(to: json) {
      return state
    }
    let state = try json.decoded(as: State.self)
    last = (json, state)
    return state
  }
}
