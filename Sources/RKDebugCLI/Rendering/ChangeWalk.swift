import Foundation
import ReducerKitDebug

/// The state as the actions of a walk change it, and the `changes` text of each
/// (``ChangeText``): `changes` keeps one state, not the session's.
///
/// For a session whose log numbers the places of its shared values, the walk follows them too
/// (``SharePlaces``), so that each state's shared values decode as the one object each was live.
struct ChangeWalk {
  private var renderer: ChangeText
  private var state: JSONValue
  private var places: SharePlaces?
  private var warned = false

  /// A walk from `state`, whose shared values are where `places` says, if the log says.
  init(session: LoggedSession, state: JSONValue, places: SharePlaces?) {
    renderer = ChangeText(session: session, followingPatches: true)
    self.state = state
    self.places = places
  }

  /// A walk of `reader`'s session from the state at `index`.
  init(_ reader: SessionReader, at index: Int) throws {
    self.init(
      session: reader.session, state: try reader.stateJSON(at: index),
      places: try reader.sharePlaces(at: index))
  }

  /// Whether the walk follows shared values, and needs the places each action adds.
  var followsShares: Bool { places != nil }

  /// The places of shared values the actions in `range` added, when the walk follows them.
  func addedShares(in range: ClosedRange<Int>, of reader: SessionReader) throws
    -> [Int: [SharePlaces.Entry]]
  {
    followsShares ? try reader.sharePlaceEntries(in: range) : [:]
  }

  /// Applies the patch of `action`, the next one, and returns the text of its change. The
  /// first time the typed rendering fails, `sink` is flushed and a warning printed.
  mutating func text(
    for action: LoggedAction, adding shares: [SharePlaces.Entry] = [], flushing sink: inout LineSink
  ) throws -> String {
    let oldState = state
    let oldPlaces = places
    try Self.apply(action, to: &state, places: &places, adding: shares)
    let text = renderer.text(
      for: action, oldState: oldState, newState: state,
      places: SharePlacePair(oldPlaces, places))
    if let failure = renderer.typedFailure, !warned {
      warned = true
      try sink.flush()
      print("rkdebug: warning: \(failure)", to: &StandardError.stream)
    }
    return text
  }

  /// Writes the texts of `actions`, the next ones, to `sink` through `format`, as
  /// ``text(for:flushing:)`` would one by one. The texts are made by `workers` threads: the
  /// states are patched in order, then each thread renders a run of them with a renderer of
  /// its own. When a typed rendering fails, the chunk is made again one by one, for its
  /// warning and the switch to the JSON from that action on.
  mutating func write(
    _ actions: [LoggedAction], adding shares: [Int: [SharePlaces.Entry]] = [:],
    to sink: inout LineSink, workers: Int, format: (String) -> String
  ) throws {
    guard workers > 1, actions.count >= 2 * Self.minimumRun else {
      return try writeOneByOne(actions[...], adding: shares, to: &sink, format: format)
    }
    var states = [state]
    var placesOfStates = [places]
    states.reserveCapacity(actions.count + 1)
    var patchFailure: (any Error)?
    for action in actions {
      var next = states[states.count - 1]
      var nextPlaces = placesOfStates[placesOfStates.count - 1]
      do {
        try Self.apply(action, to: &next, places: &nextPlaces, adding: shares[action.index] ?? [])
      } catch {
        patchFailure = error
        break
      }
      states.append(next)
      placesOfStates.append(nextPlaces)
    }
    let patched = actions[..<(states.count - 1)]
    if let texts = texts(of: patched, states: states, places: placesOfStates, workers: workers) {
      for text in texts { try sink.write(format(text)) }
      state = states[states.count - 1]
      places = placesOfStates[placesOfStates.count - 1]
    } else {
      try writeOneByOne(patched, adding: shares, to: &sink, format: format)
    }
    if let patchFailure { throw patchFailure }
  }

  private mutating func writeOneByOne(
    _ actions: ArraySlice<LoggedAction>, adding shares: [Int: [SharePlaces.Entry]],
    to sink: inout LineSink, format: (String) -> String
  ) throws {
    for action in actions {
      let text = try text(for: action, adding: shares[action.index] ?? [], flushing: &sink)
      try sink.write(format(text))
    }
  }

  /// How many threads render a chunk by default: one per core, up to 8.
  static var workers: Int { min(ProcessInfo.processInfo.activeProcessorCount, 8) }

  /// The fewest actions a core is given: below it, starting a renderer costs more than it saves.
  private static let minimumRun = 64

  /// The texts of `actions`, where action `i` turned `states[i]` into `states[i + 1]`, made by
  /// `workers` renderers at once; `nil` when a typed rendering failed.
  private func texts(
    of actions: ArraySlice<LoggedAction>, states: [JSONValue], places: [SharePlaces?],
    workers: Int
  ) -> [String]? {
    let workers = min(workers, max(1, actions.count / Self.minimumRun))
    let chunk = ChunkRendering(
      actions: Array(actions), states: states, places: places,
      renderers: (0..<workers).map { _ in renderer.copyForAnotherThread() })
    DispatchQueue.concurrentPerform(iterations: workers) { chunk.render(part: $0, of: workers) }
    return chunk.texts()
  }

  private static func apply(
    _ action: LoggedAction, to state: inout JSONValue, places: inout SharePlaces?,
    adding shares: [SharePlaces.Entry]
  ) throws {
    do {
      try state.apply(action.patch, following: &places, adding: shares)
    } catch {
      throw LogError.corrupt("the patch of action \(action.index) does not apply: \(error)")
    }
  }
}

/// One chunk of ``ChangeWalk/write(_:to:workers:format:)`` rendered by several threads: each
/// renders its own run of actions with its own renderer into its own slots of `slots`, which
/// are read once every thread is done.
private final class ChunkRendering: @unchecked Sendable {
  private let actions: [LoggedAction]
  private let states: [JSONValue]
  private let places: [SharePlaces?]
  private let renderers: [ChangeText]
  private let slots: UnsafeMutableBufferPointer<String?>

  init(
    actions: [LoggedAction], states: [JSONValue], places: [SharePlaces?], renderers: [ChangeText]
  ) {
    self.actions = actions
    self.states = states
    self.places = places
    self.renderers = renderers
    slots = .allocate(capacity: actions.count)
    slots.initialize(repeating: nil)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }

  /// Renders run `part` of `parts`, stopping at the first action its renderer cannot render.
  func render(part: Int, of parts: Int) {
    let count = actions.count
    for index in (part * count / parts)..<((part + 1) * count / parts) {
      guard
        let text = renderers[part].textWithoutFallback(
          for: actions[index], oldState: states[index], newState: states[index + 1],
          places: SharePlacePair(places[index], places[index + 1]))
      else { return }
      slots[index] = text
    }
  }

  /// Every text, or `nil` when a run stopped early.
  func texts() -> [String]? {
    var texts: [String] = []
    texts.reserveCapacity(slots.count)
    for slot in slots {
      guard let text = slot else { return nil }
      texts.append(text)
    }
    return texts
  }
}
