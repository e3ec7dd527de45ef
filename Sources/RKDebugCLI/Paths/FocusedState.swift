import ReducerKitDebug

/// A session's state walked forward with only the operations a ``PathFocus`` keeps: up to date
/// where its paths read, out of date elsewhere.
struct FocusedState {
  /// The places kept up to date.
  let focus: PathFocus
  /// The session.
  let reader: SessionReader
  /// The state, as far as the focus reads it.
  private(set) var json: JSONValue

  /// The state at index 0 of `reader`'s session.
  init(focus: PathFocus, reader: SessionReader) throws {
    self.focus = focus
    self.reader = reader
    json = try reader.stateJSON(at: 0)
  }

  /// Applies the kept operations of action `index`'s patch in place.
  ///
  /// A `move` or `copy` of a value that may be out of date to a place the focus reads, or an
  /// operation that does not apply to this state, rebuilds the state at `index` instead.
  ///
  /// - Throws: ``LogError`` when the state cannot be rebuilt either, with the error of the
  ///   operation that did not apply.
  mutating func apply(_ patch: [JSONPatchOperation], of index: Int) throws {
    if patch.contains(where: focus.needsWholeState) {
      json = try reader.stateJSON(at: index)
      return
    }
    do {
      try PredicateScan.apply(patch, to: &json, index: index, session: reader.session.id)
    } catch {
      // Out of date where the operation reached: the state as logged, if it can be had.
      guard let rebuilt = try? reader.stateJSON(at: index) else { throw error }
      json = rebuilt
    }
  }
}
