import ReducerKit

extension StateDiffer {
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

  /// The operations that bring every place of `holdings` (a state's) holding a shared value
  /// `tracker` saw change from its value before the change to its value `now`, in the order
  /// of `holdings`.
  ///
  /// When every change of a value was made through one share of a part of it (a `withLock`
  /// through `$list[id: id]`), that part is diffed once, else the whole value is; a place that
  /// holds the part, or a part of it, takes the operations inside it at its own path. A place
  /// whose share does not say where its value sits is diffed on its own.
  static func changes(
    of holdings: [SharedLocator.Holding], changedIn tracker: SharedChangeTracker,
    now: SharedChangeTracker.Side = .current
  ) -> [PendingChange] {
    var differ = StateDiffer()
    // The change of each value met (`nil`: unchanged); a state seldom holds more than one.
    var parts: [(storageID: ObjectIdentifier, part: ChangedPart?)] = []
    for holding in holdings {
      let part: ChangedPart
      if let seen = parts.first(where: { $0.storageID == holding.storageID }) {
        guard let seen = seen.part else { continue }
        part = seen
      } else {
        guard let change = tracker.change(of: holding.storage, now: now) else {
          parts.append((holding.storageID, nil))
          continue
        }
        part = ChangedPart(before: change.before, now: change.now, share: change.share)
        parts.append((holding.storageID, part))
      }
      if !part.appendChanges(at: holding, to: &differ) {
        differ.diffValue(
          holding.value(.before, tracker), holding.value(now, tracker), at: holding.path,
          isObjectMember: false)
      }
    }
    return differ.changes
  }
}

/// The change of the part of one shared value that its changes were made in, diffed once, and
/// the operations it makes at each place holding the value. A class: each place reads it.
private final class ChangedPart {
  /// The part's path in the whole value's JSON: empty for the whole value.
  let path: [String]
  /// The share every change was made through, when its part stayed where it was.
  let share: (any SharedPartLocating)?
  /// The whole value before the changes, and now.
  let before: Any
  let now: Any
  /// The operations inside the part, with paths relative to it.
  let changes: [PendingChange]

  /// The part of a value that changed from `before` to `now`, made through `share`.
  init(before: Any, now: Any, share: (any SharedPartLocating)?) {
    self.before = before
    self.now = now
    var differ = StateDiffer()
    if let share, let partBefore = share.part(inRoot: before),
      let partNow = share.part(inRoot: now), partBefore.path == partNow.path
    {
      path = partBefore.path
      self.share = share
      differ.diffValue(partBefore.value, partNow.value, at: [], isObjectMember: false)
    } else {
      path = []
      self.share = nil
      differ.diffValue(before, now, at: [], isObjectMember: false)
    }
    changes = differ.changes
  }

  /// Appends the operations at `holding`'s place to `differ` and returns `true`; returns
  /// `false`, appending nothing, when they cannot be told from the part's: its share does not
  /// say where its value sits, or its value moved, or the part's changes replace, add, remove
  /// or move what holds it.
  func appendChanges(at holding: SharedLocator.Holding, to differ: inout StateDiffer) -> Bool {
    guard let locating = holding.part else { return false }
    let place: [String]
    if let share, locating === share {
      // The share the changes were made through, whose part stayed where it was.
      place = path
    } else {
      guard let found = locating.part(inRoot: before)?.path,
        found == locating.part(inRoot: now)?.path
      else { return false }
      place = found
    }
    if path.starts(with: place) {
      // The place holds the part: every operation, under the part's path inside the place.
      for change in changes {
        differ.append(change.moved(under: holding.path, path[place.count...], from: 0))
      }
      return true
    }
    guard place.starts(with: path) else { return true }  // apart from the part: unchanged
    // The place is inside the part: the operations inside it, which must not touch it whole
    // but by a `replace` of its value.
    let inner = place[path.count...]
    var found: [PendingChange] = []
    for change in changes {
      guard change.from == nil else { return false }
      if change.path.starts(with: inner) {
        if change.path.count == inner.count, change.operation != .replace { return false }
        found.append(change.moved(under: holding.path, [], from: inner.count))
      } else if inner.starts(with: change.path) {
        return false
      }
    }
    for change in found { differ.append(change) }
    return true
  }
}

extension PendingChange {
  /// The operation with `place` and then `inside` in place of the first `removed` tokens of
  /// its paths.
  fileprivate func moved(
    under place: [String], _ inside: ArraySlice<String>, from removed: Int
  ) -> PendingChange {
    func moved(_ tokens: [String]) -> [String] {
      var result: [String] = []
      result.reserveCapacity(place.count + inside.count + tokens.count - removed)
      result += place
      result += inside
      result += tokens.dropFirst(removed)
      return result
    }
    var change = self
    change.path = moved(path)
    change.from = from.map(moved)
    return change
  }
}
