import ReducerKitDebug

/// Evaluates a ``ValuePath`` for a command that prints the value, telling a `nil` optional
/// from a path the session does not have.
struct PathResolver {
  /// The path.
  let path: ValuePath
  /// The session, for the names its states use.
  let reader: SessionReader
  private var keys: SessionKeys?

  /// A resolver of `path` in the states of `reader`'s session.
  init(path: ValuePath, reader: SessionReader) {
    self.path = path
    self.reader = reader
  }

  /// The value at the path in `state`, or `nil` for an optional that is `nil` there.
  ///
  /// - Parameter allowsMissingIndex: Whether an index past the end of an array is `nil`
  ///   (`history`) rather than an error (`state`).
  /// - Throws: ``PathEvaluationError`` for a name that appears in no state of the session
  ///   (with the nearest one), or for an index past the end when not allowed.
  mutating func value(
    in state: JSONValue, at index: Int, allowsMissingIndex: Bool = false
  ) throws -> JSONValue? {
    switch try path.lookup(in: state) {
    case let .found(value):
      return value
    case let .absent(absence):
      switch absence.reason {
      case .null:
        return nil
      case .indexOutOfRange, .missingID:
        if allowsMissingIndex { return nil }
        throw PathEvaluationError("\(absence.explanation) at index \(index)")
      case let .missingKey(name):
        if keys == nil { keys = try SessionKeys(reader: reader) }
        let names = keys!.names
        if names.contains(name) { return nil }
        if let suggestion = EditDistance.suggestion(for: name, among: names) {
          throw PathEvaluationError(
            "no '\(name)' in \(absence.prefix.displayName); did you mean '\(suggestion)'?"
          )
        }
        throw PathEvaluationError(
          "\(absence.explanation); no state of session \(reader.session.id) has '\(name)'"
        )
      }
    }
  }
}
