import Foundation
import ReducerKit
import ReducerKitDebug

extension TypedFeature {
  func renderChange(
    action: LoggedAction, oldState: JSONValue, newState: JSONValue, places: SharePlacePair?,
    decoded: DecodedState
  ) throws -> String {
    let header = ChangeText.header(for: action)
    guard let places else {
      let (old, new) = try decoded.states(
        of: action, old: oldState, new: newState, as: R.State.self)
      return ChangeFormatter.text(
        header: header, actionDump: action.label, oldState: old, newState: new)
    }
    let (old, new, changes) = try decoded.linkedStates(
      old: oldState, new: newState, places: places, as: R.State.self)
    guard let changes else {
      return ChangeFormatter.text(
        header: header, actionDump: action.label, oldState: old, newState: new)
    }
    // As `_printChanges()` prints an action that changed shared values: a diff of them
    // compares their values before with their values now.
    return changes.reading(.current, lhs: .before, rhs: .current) {
      ChangeFormatter.text(header: header, actionDump: action.label, oldState: old, newState: new)
    }
  }

  func renderDiff(from oldState: JSONValue, to newState: JSONValue) throws -> String? {
    CustomDumpText.diff(
      try oldState.decoded(as: R.State.self), try newState.decoded(as: R.State.self))
  }
}

/// The state a walk decoded last and the JSON it came from: the new state of one action is
/// the old state of the next, so each state of a walk is decoded once.
final class DecodedState {
  private var last: (json: JSONValue, state: Any, places: SharePlaces?)?
  /// Links the shared values of the states decoded with their places, across the walk.
  private var linker: SharedLinker?
  /// Whether the states come as `changes` walks a session: each new state is the old one
  /// with the action's patch applied. Then only the subtrees a patch touched are decoded.
  let followsPatches: Bool
  private let subtrees = DecodedSubtrees()
  /// The index of the action whose new state was decoded last, when following patches.
  private var walked: (index: Int, state: Any)?

  init(followsPatches: Bool = false) {
    self.followsPatches = followsPatches
  }

  /// The old and new states of `action` decoded as `State`.
  func states<State: Decodable>(
    of action: LoggedAction, old: JSONValue, new: JSONValue, as type: State.Type
  ) throws -> (old: State, new: State) {
    guard followsPatches else {
      return (try state(of: old, as: State.self), try state(of: new, as: State.self))
    }
    let previous = walked
    walked = nil
    let oldState: State
    if let previous, previous.index == action.index - 1, let state = previous.state as? State {
      oldState = state
    } else {
      subtrees.removeAll()
      oldState = try old.decoded(as: State.self, reusing: subtrees)
    }
    subtrees.invalidate(by: action.patch)
    let newState = try new.decoded(as: State.self, reusing: subtrees)
    walked = (action.index, newState)
    return (oldState, newState)
  }

  /// `json` decoded as `State`, or the state decoded last when it came from the same JSON
  /// (identical, not `==`: a string replaced by its canonically equivalent form is a change).
  func state<State: Decodable>(of json: JSONValue, as type: State.Type) throws -> State {
    if let last, last.places == nil, let state = last.state as? State,
      last.json.isIdentical(to: json)
    {
      return state
    }
    let state = try json.decoded(as: State.self)
    last = (json, state, nil)
    return state
  }

  /// `old` and `new` decoded as `State`, each shared value one object in both, as it was
  /// live, and the tracker of what the new state changed in them (`nil` when nothing).
  func linkedStates<State: Decodable>(
    old: JSONValue, new: JSONValue, places: SharePlacePair, as type: State.Type
  ) throws -> (old: State, new: State, changes: SharedChangeTracker?) {
    let linker = self.linker ?? SharedLinker()
    self.linker = linker
    let oldState = try linkedState(of: old, places: places.old, as: State.self, linker: linker)
    linker.changes.reset()
    let newState = try linkedState(of: new, places: places.new, as: State.self, linker: linker)
    return (oldState, newState, linker.changes.hasChanges ? linker.changes : nil)
  }

  private func linkedState<State: Decodable>(
    of json: JSONValue, places: SharePlaces, as type: State.Type, linker: SharedLinker
  ) throws -> State {
    if let last, last.places == places, let state = last.state as? State,
      last.json.isIdentical(to: json)
    {
      return state
    }
    let state = try linker.decode(with: places.places) {
      try json.decoded(as: State.self, userInfo: linker.userInfo)
    }
    last = (json, state, places)
    return state
  }
}

/// Where the states before and after an entry hold shared values (``SharePlaces``).
struct SharePlacePair {
  var old: SharePlaces
  var new: SharePlaces

  /// The pair, when the places are followed (the log numbers them).
  init?(_ old: SharePlaces?, _ new: SharePlaces?) {
    guard let old, let new else { return nil }
    self.old = old
    self.new = new
  }
}
