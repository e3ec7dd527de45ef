import ReducerKitDebug

/// The actions of a walk, cut into parts that keep each action with the actions that caused
/// it, for `log --tree`: the tree of a part can be printed before the rest is read.
///
/// Actions are added a chunk at a time. A part ends where no later action read so far was
/// caused (through effects) by an action before the cut, and at least `lookahead` actions
/// are read past it. When no such cut comes within `limit` actions, the oldest actions go out
/// anyway, so memory stays bounded: an action emitted that long after its cause is then
/// printed as a root with its source, as an action whose cause is not shown always is.
struct CausalWindow {
  /// How many actions must be read past a cut.
  let lookahead: Int
  /// The most actions held.
  let limit: Int
  /// The actions read and not yet handed out, in index order.
  private var pending: [LoggedAction] = []
  /// The index of the oldest pending cause of each pending action (itself when none is).
  private var roots: [Int: Int] = [:]

  init(lookahead: Int, limit: Int? = nil) {
    self.lookahead = max(1, lookahead)
    self.limit = max(limit ?? 4 * lookahead, 2 * self.lookahead)
  }

  /// Adds `actions` (the next ones, in order) and returns the part that can be printed now,
  /// possibly empty.
  mutating func add(_ actions: [LoggedAction]) -> [LoggedAction] {
    for action in actions {
      var root = action.index
      if case let .effect(_, parentIndex) = action.source, let parentRoot = roots[parentIndex] {
        root = parentRoot
      }
      roots[action.index] = root
      pending.append(action)
    }
    guard pending.count > lookahead else { return [] }
    let latest = pending.count - lookahead
    // The smallest root of the actions from each position on.
    var earliestRoot = Int.max
    var cut: Int?
    for position in stride(from: pending.count - 1, through: 1, by: -1) {
      earliestRoot = min(earliestRoot, roots[pending[position].index]!)
      if position <= latest, earliestRoot >= pending[position].index {
        cut = position
        break
      }
    }
    if cut == nil, pending.count > limit { cut = latest }
    guard let cut else { return [] }
    return take(cut)
  }

  /// Hands out every pending action.
  mutating func finish() -> [LoggedAction] {
    take(pending.count)
  }

  private mutating func take(_ count: Int) -> [LoggedAction] {
    let part = Array(pending.prefix(count))
    pending.removeFirst(count)
    for action in part { roots[action.index] = nil }
    return part
  }
}
