import ReducerKit

extension StateDiffer {
  /// The operations that bring every place in `state` holding a shared value `tracker` saw
  /// change from its value before the change to its value now.
  ///
  /// Every state holds the same reference, so the differ, comparing the state before an action
  /// with the state after it, sees no change there. These operations come first, at the places
  /// the state before the action held the value: the differ's own operations then start from a
  /// state whose shared values are those of now, which is what their old values say.
  static func sharedChanges<S: Encodable>(
    in state: S, tracker: SharedChangeTracker
  ) -> [PendingChange] {
    changes(at: SharedLocator.places(in: state, changedIn: tracker))
  }

  /// Whether `changes`, an action's, may have moved, dropped or replaced a place of `holdings`
  /// (the state's before it): any change but a `replace`, or a `replace` at or above a place.
  /// The places of a state are then walked again.
  static func mayMovePlaces(
    _ changes: [PendingChange], of holdings: [SharedLocator.Holding]
  ) -> Bool {
    changes.contains { change in
      change.operation != .replace
        || holdings.contains { $0.path.starts(with: change.path) }
    }
  }

  /// The operations that bring each of `places` from its value before to its value after.
  static func changes(at places: [SharedLocator.Place]) -> [PendingChange] {
    var differ = StateDiffer()
    for place in places {
      // `Shared` encodes its value in a single-value container: `null` has a slot in JSON.
      differ.diffValue(place.before, place.current, at: place.path, isObjectMember: false)
    }
    return differ.changes
  }
}
