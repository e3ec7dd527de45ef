import ReducerKitDebug

/// The check of a predicate's names before a search (`find --where`, `bisect --where`): a
/// typo of an existing name is an error, and a name no state of the session has is a warning,
/// or an error under `--strict`.
///
/// Such a name reads as `nil` at every index, so the search answers for a predicate other than
/// the one the user meant; it may also be an optional property that stayed `nil` for the whole
/// session, which is why it is only a warning by default.
struct PredicateNameCheck {
  /// The predicate.
  let predicate: Predicate
  /// Whether a name no state has is an error rather than a warning.
  let strict: Bool

  /// Checks the predicate's names against `reader`'s session, printing
  /// `rkdebug: warning: …` on standard error for each unknown name.
  ///
  /// - Throws: ``PathEvaluationError`` for a typo (`did you mean 'title'?`); with `strict`,
  ///   ``RKDebugError`` for the first name no state has.
  func run(on reader: SessionReader) throws {
    for message in try warnings(for: reader) {
      if strict {
        throw RKDebugError("\(message) (--strict)")
      }
      print("rkdebug: warning: \(message)", to: &StandardError.stream)
    }
  }

  /// One message per name of the predicate that no state of the session has:
  /// `no 'noSuchField' in any state of session 3: it reads as nil at every index`, with
  /// `; did you mean 'x'?` when a name is loosely near (a typo has thrown already).
  func warnings(for reader: SessionReader) throws -> [String] {
    let (names, keys) = try SessionKeys.unknownNames(in: predicate.paths, of: reader)
    return names.map { name in
      var message =
        "no '\(name)' in any state of session \(reader.session.id): it reads as nil at every "
        + "index"
      if let keys, let near = Self.nearName(to: name, among: keys.names) {
        message += "; did you mean '\(near)'?"
      }
      return message
    }
  }

  /// A name loosely near `name`: one that contains it or that it contains (ignoring case, at
  /// least 3 characters), or within a third of its length in edits. Looser than a typo
  /// (``EditDistance/suggestion(for:among:)``), since it is only a hint beside a warning.
  static func nearName(to name: String, among names: Set<String>) -> String? {
    let lowercased = name.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in names.sorted() {
      let other = candidate.lowercased()
      let distance = EditDistance.between(lowercased, other)
      let contains =
        min(lowercased.count, other.count) >= 3
        && (other.contains(lowercased) || lowercased.contains(other))
      guard contains || distance <= max(1, name.count / 3) else { continue }
      if best == nil || distance < best!.distance {
        best = (candidate, distance)
      }
    }
    return best?.name
  }
}
