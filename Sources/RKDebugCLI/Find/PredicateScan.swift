import ReducerKitDebug

/// The indices of a session where a predicate holds, found in one forward pass over the
/// session's stored patches.
///
/// ```swift
/// let scan = PredicateScan(predicate: try Predicate(parsing: "todos.count >= 10"), reader: reader)
/// try scan.forEachRange { range in print(range); return true }  // 12...40, 97...97, …
/// let first = try scan.firstIndex()
/// ```
///
/// The state at index 0 is rebuilt once; each later state is the one before with the
/// operations of its action's patch that may change what the predicate reads applied in place
/// (``PathFocus``), and the predicate is evaluated on it. Memory holds one state and one
/// chunk of patches, whatever the length of the session.
package struct PredicateScan {
  /// The predicate.
  let predicate: Predicate
  /// The session.
  let reader: SessionReader

  /// Calls `body` with each maximal range of consecutive indices where the predicate holds,
  /// in order, as soon as the range ends: at the first index after it where the predicate
  /// does not hold, or at the end of the session. `body` returns `false` to stop the scan.
  ///
  /// - Returns: How many indices the scan went through (fewer than the session's
  ///   `actionCount + 1` when `body` stopped the scan).
  /// - Throws: ``PathEvaluationError`` from the predicate (a string ordered with a number),
  ///   ``LogError`` for a log that cannot be read or a patch that does not apply.
  @discardableResult
  func forEachRange(_ body: (ClosedRange<Int>) throws -> Bool) throws -> Int {
    var ranges = RangeBuilder()
    var stopped = false
    let evaluated = try forEachIndex { index, holds in
      guard let range = ranges.note(index, holds: holds) else { return true }
      stopped = try !body(range)
      return !stopped
    }
    if !stopped, let range = ranges.end(at: reader.actionCount) {
      _ = try body(range)
    }
    return evaluated
  }

  /// The first index where the predicate holds, or `nil`; the scan stops there.
  func firstIndex() throws -> Int? {
    var first: Int?
    try forEachIndex { index, holds in
      if holds { first = index }
      return !holds
    }
    return first
  }

  /// The last index where the predicate holds, or `nil`; reads the whole session.
  func lastIndex() throws -> Int? {
    var last: Int?
    try forEachIndex { index, holds in
      if holds { last = index }
      return true
    }
    return last
  }

  /// Calls `body` with each index from 0, in order, and whether the predicate holds in the
  /// state there; `body` returns `false` to stop.
  ///
  /// - Returns: How many indices the scan went through.
  ///
  /// Only the operations that may change what the predicate reads are read and applied
  /// (``PathFocus``); after an action with none, the predicate is not evaluated again.
  /// A `move` or `copy` of a value the scan may hold out of date, or an operation that does
  /// not apply to it, rebuilds the state at that index instead. A patch that does not apply
  /// only where the predicate never reads is not noticed.
  @discardableResult
  func forEachIndex(_ body: (_ index: Int, _ holds: Bool) throws -> Bool) throws -> Int {
    let focus = PathFocus(predicate)
    var state = try FocusedState(focus: focus, reader: reader)
    var holds = try predicate.evaluate(in: state.json)
    var evaluated = 1
    guard try body(0, holds) else { return evaluated }
    do {
      try reader.forEachPatch(keeping: focus.keeps) { index, patch in
        evaluated += 1
        if !patch.isEmpty {
          try state.apply(patch, of: index)
          holds = try predicate.evaluate(in: state.json)
        }
        guard try body(index, holds) else { throw Stop() }
      }
    } catch is Stop {
    }
    return evaluated
  }

  /// Ends a scan early from inside ``SessionReader/forEachPatch(in:chunkSize:keeping:_:)``.
  private struct Stop: Error {}

  /// Applies action `index`'s patch to the state before it.
  ///
  /// - Throws: ``LogError/corrupt(_:)`` naming the action and the session when it does not
  ///   apply.
  package static func apply(
    _ patch: [JSONPatchOperation], to state: inout JSONValue, index: Int, session: Int64
  ) throws {
    do {
      try state.apply(patch)
    } catch {
      throw LogError.corrupt(
        "the patch of action \(index) of session \(session) does not apply: \(error)")
    }
  }

  /// The maximal ranges of consecutive indices where a predicate holds, built from whether it
  /// holds at each index in turn.
  struct RangeBuilder {
    private var start: Int?

    /// Notes whether the predicate holds at `index`, the index after the last one noted;
    /// returns the range that ended just before it, if one did.
    mutating func note(_ index: Int, holds: Bool) -> ClosedRange<Int>? {
      if holds, start == nil {
        start = index
      } else if !holds, let first = start {
        start = nil
        return first...(index - 1)
      }
      return nil
    }

    /// The range still open when the last index noted is `last`.
    func end(at last: Int) -> ClosedRange<Int>? {
      start.map { $0...last }
    }
  }
}
