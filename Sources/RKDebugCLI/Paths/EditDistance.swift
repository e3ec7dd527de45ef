/// The edit distance between names, for "did you mean" suggestions.
enum EditDistance {
  /// The optimal-string-alignment distance: insertions, deletions, substitutions and
  /// transpositions of adjacent characters each cost 1 (`titel` → `title` is 1).
  static func between(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }

  /// The candidate nearest to `name`, if one is near enough to be a typo: the same name in
  /// another case, or within 1 edit (names up to 4 characters) or 2 edits (longer names).
  static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    let lowercased = name.lowercased()
    let limit = name.count <= 4 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in candidates.sorted() where candidate != name {
      let distance =
        candidate.lowercased() == lowercased
        ? 0 : between(lowercased, candidate.lowercased())
      guard distance <= limit else { continue }
      if best == nil || distance < best!.distance {
        best = (candidate, distance)
      }
    }
    return best?.name
  }
}
