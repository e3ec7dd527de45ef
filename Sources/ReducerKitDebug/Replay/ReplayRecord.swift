/// One logged action as replay needs it: its index, its JSON, its patch's text and the values
/// its reducer read, without the label, source and timing that ``LoggedAction`` carries. The
/// patch is parsed only when its text is not the text of the replayed change.
struct ReplayRecord {
  /// The action's index.
  var index: Int
  /// The action's `Codable` JSON.
  var json: String
  /// The state change the recording logged for it, as stored: a JSON array of compact
  /// operations (`action_entry.ops`).
  var patchText: String
  /// The values its reducer read from nondeterministic dependencies, in order.
  var reads: [DependencyRead]

  /// The logged patch, parsed.
  func patch() throws -> [JSONPatchOperation] {
    do {
      var text = patchText
      var pointers = JSONPointerCache()
      return try text.withUTF8 { try [JSONPatchOperation](compactText: $0, pointers: &pointers) }
    } catch {
      throw LogError.corrupt("the patch of action \(index) does not parse: \(error)")
    }
  }

  /// The records of `reader`'s session with indices in `range`, in order.
  static func records(
    in range: ClosedRange<Int>, of reader: SessionReader
  ) throws -> [ReplayRecord] {
    let reads = try reader.reads(in: range)
    var records: [ReplayRecord] = []
    records.reserveCapacity(range.count)
    try reader.forEachRow(in: range) { row in
      records.append(
        ReplayRecord(
          index: row.index, json: try row.json(), patchText: row.opsText,
          reads: reads[row.index]?.dependencyReads ?? []))
    }
    return records
  }
}
