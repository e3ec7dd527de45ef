import ReducerKit

/// Which shared value each place of a state holds, as the recording numbered them: what
/// `changes` needs to decode a state's shared values as the one object each was live
/// (``SharedLinker``), so that its diff of two states shows a shared value's change as the live
/// `_printChanges()` does.
///
/// The log keeps it as the read `shares` (docs/log-format.md, "Shared state"): at index 0, every
/// place of the initial state; at an action, the places the values its operations added hold.
/// The places in between follow the operations, as the state does (``apply(_:to:adding:)``).
package struct SharePlaces: Sendable, Equatable {
  /// The name of the read.
  static let readName = "shares"

  /// One place the recording met a shared value at.
  package struct Entry: Codable, Sendable, Equatable {
    /// The operation of the action's patch whose value holds it; `nil` in the initial state.
    package var op: Int?
    /// The JSON path of the place, one token per key or index.
    package var path: [String]
    /// The number of the shared value, the same at every place holding it in a session.
    package var share: Int
    /// Whether the place holds the whole value, not a part derived from it.
    package var whole: Bool

    package init(op: Int?, path: [String], share: Int, whole: Bool) {
      self.op = op
      self.path = path
      self.share = share
      self.whole = whole
    }
  }

  /// The places of the state, by JSON path.
  package private(set) var places: [[String]: SharedLinker.Place] = [:]

  /// The places of an initial state, from its entries.
  package init(entries: [Entry]) {
    for entry in entries { add(entry) }
  }

  /// The entries of `reads`, `nil` when they hold none: a session recorded before the log kept
  /// them, or whose state held no shared value.
  package static func entries(in reads: [DependencyRead]) throws -> [Entry]? {
    guard let read = reads.first(where: { $0.name == readName }) else { return nil }
    do {
      return try read.value.decoded(as: [Entry].self)
    } catch {
      throw LogError.corrupt("the places of the session's shared values do not decode: \(error)")
    }
  }

  /// Applies `patch`, an action's, to `state`, one operation at a time, moving and dropping
  /// the places as each operation moves and drops values, and adding the action's `entries`
  /// after the operation each names.
  package mutating func apply(
    _ patch: [JSONPatchOperation], to state: inout JSONValue, adding entries: [Entry]
  ) throws(JSONPatchError) {
    for (index, operation) in patch.enumerated() {
      if !places.isEmpty { follow(operation, in: state) }
      try state.apply(operation)
      for entry in entries where entry.op == index { add(entry) }
    }
  }

  private mutating func add(_ entry: Entry) {
    places[entry.path] = SharedLinker.Place(share: entry.share, isWhole: entry.whole)
  }

  /// Moves and drops places as `operation` will change `state`.
  private mutating func follow(_ operation: JSONPatchOperation, in state: JSONValue) {
    let path = operation.path.tokens
    switch operation.op {
    case .remove:
      drop(under: path)
      shiftElements(after: path, in: state, by: -1)
    case .add, .copy:
      if isArrayElement(path, in: state) {
        shiftElements(after: path, in: state, by: 1, including: true)
      } else {
        drop(below: path)
      }
    case .replace:
      // A new value at a place is the shared value's (a change of it): the place keeps it,
      // unless the action's entries say another share took it.
      drop(below: path)
    case .move:
      guard let from = operation.from?.tokens else { return }
      let moved = places.filter { $0.key.starts(with: from) }
      drop(under: from)
      shiftElements(after: from, in: state, by: -1)
      var afterRemoval = state
      try? afterRemoval.apply(.remove(JSONPointer(tokens: from)))
      if isArrayElement(path, in: afterRemoval) {
        shiftElements(after: path, in: afterRemoval, by: 1, including: true)
      } else {
        drop(under: path)
      }
      for (key, place) in moved { places[path + key.dropFirst(from.count)] = place }
    case .test:
      break
    }
  }

  /// Whether `path` names an element of an array in `state` (its last token an index).
  private func isArrayElement(_ path: [String], in state: JSONValue) -> Bool {
    guard !path.isEmpty, case .array? = state.value(at: JSONPointer(tokens: path.dropLast()))
    else { return false }
    return true
  }

  /// Drops the places at `path` and inside it.
  private mutating func drop(under path: [String]) {
    places = places.filter { !$0.key.starts(with: path) }
  }

  /// Drops the places inside the value at `path`, not one at `path` itself.
  private mutating func drop(below path: [String]) {
    places = places.filter { $0.key.count == path.count || !$0.key.starts(with: path) }
  }

  /// Renumbers the places in the elements after the one `path` names (and in it, when
  /// `including`), when it names an element of an array in `state`.
  private mutating func shiftElements(
    after path: [String], in state: JSONValue, by offset: Int, including: Bool = false
  ) {
    guard isArrayElement(path, in: state), let index = Int(path[path.count - 1]) else { return }
    let depth = path.count - 1
    let parent = path.dropLast()
    var shifted: [[String]: SharedLinker.Place] = [:]
    for (key, place) in places {
      guard key.count > depth, key.starts(with: parent), let element = Int(key[depth]),
        element > index || (including && element == index)
      else {
        shifted[key] = place
        continue
      }
      var moved = key
      moved[depth] = String(element + offset)
      shifted[moved] = place
    }
    places = shifted
  }
}

extension [DependencyRead] {
  /// The reads a reducer made, without the places of shared values the log keeps beside them
  /// (``SharePlaces``): what a replay feeds back and a generated test stubs.
  package var dependencyReads: [DependencyRead] {
    filter { $0.name != SharePlaces.readName }
  }
}

extension JSONValue {
  /// Applies `patch`, an action's, and follows it in `places` when there are places to follow
  /// (``SharePlaces/apply(_:to:adding:)``), with the action's added `entries`.
  package mutating func apply(
    _ patch: [JSONPatchOperation], following places: inout SharePlaces?,
    adding entries: [SharePlaces.Entry]
  ) throws(JSONPatchError) {
    guard places != nil else { return try apply(patch) }
    try places!.apply(patch, to: &self, adding: entries)
  }
}
