import ReducerKit

extension SessionReader {
  /// Where the state at `index` holds shared values, and which (``SharePlaces``); `nil` for a
  /// session whose log numbers none. Follows the patches from the initial state.
  package func sharePlaces(at index: Int) throws -> SharePlaces? {
    guard let initial = try SharePlaces.entries(in: reads(at: 0)) else { return nil }
    var places = SharePlaces(entries: initial)
    guard index > 0 else { return places }
    var state = try stateJSON(at: 0)
    let added = try sharePlaceEntries(in: 1...index)
    try forEachPatch(in: 1...index) { action, patch in
      do {
        try places.apply(patch, to: &state, adding: added[action] ?? [])
      } catch {
        throw LogError.corrupt("the patch of action \(action) does not apply: \(error)")
      }
    }
    return places
  }

  /// A linker that makes the places holding one shared value at `index` one value again in a
  /// decoding of the state there (a replay's, a live debugger's jump); parts derived from a
  /// value are decoded as values of their own.
  package func sharedLinker(at index: Int) throws -> SharedLinker {
    let places = try sharePlaces(at: index)?.places ?? [:]
    let groups = Dictionary(grouping: places.filter(\.value.isWhole), by: \.value.share)
    return SharedLinker(groups: groups.values.map { $0.map(\.key) })
  }

  /// The places of shared values the actions in `range` added, by index: those with none are
  /// left out.
  package func sharePlaceEntries(in range: ClosedRange<Int>) throws -> [Int: [SharePlaces.Entry]]
  {
    try reads(in: range).compactMapValues { try SharePlaces.entries(in: $0) }
  }
}
