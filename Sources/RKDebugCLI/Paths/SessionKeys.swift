import ReducerKitDebug

/// Every object member name that appears in any state of a session: the names in the initial
/// state, in the paths of the patches, and in the values the patches write.
///
/// A member absent from one state may still be a real property (an optional that is `nil` is
/// left out of the JSON); a name that appears in no state of the session is not one. Commands
/// use this to tell `nil` from a misspelt or unknown path.
struct SessionKeys {
  /// The names.
  let names: Set<String>

  /// The names of `reader`'s session. Reads every patch; call it only when a path is absent.
  init(reader: SessionReader) throws {
    var names = Set<String>()
    Self.collect(try reader.stateJSON(at: 0), into: &names)
    try reader.forEachPatch { _, patch in
      for operation in patch {
        names.formUnion(operation.path.tokens)
        if let value = operation.value { Self.collect(value, into: &names) }
        if let value = operation.oldValue { Self.collect(value, into: &names) }
      }
    }
    self.names = names
  }

  /// The names in `states`.
  init(states: [JSONValue]) {
    var names = Set<String>()
    for state in states { Self.collect(state, into: &names) }
    self.names = names
  }

  /// Throws for the first property name of `paths` that no state of `reader`'s session has
  /// but that is near one that exists, a typo, with the message of ``validate(_:session:)``:
  /// `no 'titel' in any state of session 3; did you mean 'title'?`.
  ///
  /// For predicates (`bisect --where`, `find --where`, the stepper's `until`), which read a
  /// name no state has as `nil`: without this, a misspelt name makes a predicate quietly false
  /// (or true) at every index. A name near no existing one is let through, because it may be
  /// an optional that stayed `nil` for the whole session (synthesized `Codable` leaves it out
  /// of the JSON); ``unknownNames(in:of:)`` returns those, for a warning.
  static func validateTypos(in paths: [ValuePath], of reader: SessionReader) throws {
    _ = try unknownNames(in: paths, of: reader)
  }

  /// The property names of `paths` that no state of `reader`'s session has, each once, in the
  /// order written, and near no name that exists (see ``validateTypos(in:of:)``), with the
  /// names of the session when it had to read them.
  ///
  /// The names of the initial and last states are checked first; the patches are read only
  /// when a name is in neither.
  ///
  /// - Throws: ``PathEvaluationError`` for the first name that is a typo of an existing one.
  static func unknownNames(
    in paths: [ValuePath], of reader: SessionReader
  ) throws -> (names: [String], keys: SessionKeys?) {
    func unknownNames(among names: Set<String>) -> [String] {
      var seen = Set<String>()
      return paths.flatMap { path in
        path.components.compactMap { component -> String? in
          guard case let .key(name) = component, name != "count", !names.contains(name),
            seen.insert(name).inserted
          else { return nil }
          return name
        }
      }
    }
    let ends = SessionKeys(
      states: [try reader.stateJSON(at: 0), try reader.stateJSON(at: reader.actionCount)]
    )
    guard !unknownNames(among: ends.names).isEmpty else { return ([], nil) }
    let keys = try SessionKeys(reader: reader)
    let unknown = unknownNames(among: keys.names)
    for name in unknown {
      if let suggestion = EditDistance.suggestion(for: name, among: keys.names) {
        throw PathEvaluationError(
          "no '\(name)' in any state of session \(reader.session.id); did you mean "
            + "'\(suggestion)'?"
        )
      }
    }
    return (unknown, keys)
  }

  /// Whether every name of `path` is in `reader`'s first or last state, so that the path
  /// is valid without reading the patches (``init(reader:)`` reads them when not).
  static func endsHoldNames(of path: ValuePath, in reader: SessionReader) throws -> Bool {
    let ends = SessionKeys(
      states: [try reader.stateJSON(at: 0), try reader.stateJSON(at: reader.actionCount)]
    )
    return (try? ends.validate(path, session: reader.session.id)) != nil
  }

  /// Throws for the first property name of `path` that no state of the session has, naming
  /// the nearest one that exists: `no 'titel' in any state of session 3; did you mean
  /// 'title'?`. `count` is always allowed (it is the length of arrays and strings).
  func validate(_ path: ValuePath, session: Int64) throws(PathEvaluationError) {
    for case let .key(name) in path.components where name != "count" && !names.contains(name) {
      if let suggestion = EditDistance.suggestion(for: name, among: names) {
        throw PathEvaluationError(
          "no '\(name)' in any state of session \(session); did you mean '\(suggestion)'?"
        )
      }
      throw PathEvaluationError("no '\(name)' in any state of session \(session)")
    }
  }

  private static func collect(_ value: JSONValue, into names: inout Set<String>) {
    switch value {
    case let .object(members):
      for (key, member) in members {
        names.insert(key)
        collect(member, into: &names)
      }
    case let .array(elements):
      for element in elements { collect(element, into: &names) }
    case .null, .bool, .number, .string:
      break
    }
  }
}
