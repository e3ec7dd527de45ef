import CustomDump

/// The JSON and custom-dump label of recently written actions, so that an action the session
/// repeats (`increment`, `checkBoxToggled` of the same row) is not encoded and dumped again.
///
/// Both are the writer's most expensive steps per row: custom-dump's label cleans up type names
/// with a regular expression that Linux compiles on every call (about 30 µs), and `JSONEncoder`
/// costs a few microseconds. Actions whose type is `Hashable` are looked up by value: equal
/// actions get the texts of the first of them, exact for synthesized `Codable` (a `Double`
/// payload of `-0.0` would be written as the `0.0` it equals). Other actions are encoded, and
/// their label is looked up by their JSON: an action type whose `Encodable` conformance leaves
/// out something its dump shows could be labelled like another action with the same JSON.
struct ActionTextCache {
  /// How many entries each table keeps before it starts over, bounding the writer's memory.
  static let capacity = 4096

  /// The texts of one action.
  struct Texts {
    /// The action's `Codable` JSON.
    let json: String
    /// Its custom-dump label.
    let label: String
  }

  private var byValue: [AnyHashable: Texts] = [:]
  private var labelsByJSON: [String: String] = [:]

  /// The JSON and label of `action`, from the cache when an equal action was written recently.
  mutating func texts<Action: Encodable>(
    for action: Action, using encoder: JSONFragmentEncoder
  ) throws -> Texts {
    guard let hashable = action as? any Hashable else {
      let json = try encoder.string(action)
      return Texts(json: json, label: label(forJSON: json) { String(customDumping: action) })
    }
    let key = AnyHashable(hashable)
    if let texts = byValue[key] { return texts }
    let texts = Texts(json: try encoder.string(action), label: String(customDumping: action))
    if byValue.count >= Self.capacity { byValue.removeAll(keepingCapacity: true) }
    byValue[key] = texts
    return texts
  }

  private mutating func label(forJSON json: String, _ makeLabel: () -> String) -> String {
    if let label = labelsByJSON[json] { return label }
    let label = makeLabel()
    if labelsByJSON.count >= Self.capacity { labelsByJSON.removeAll(keepingCapacity: true) }
    labelsByJSON[json] = label
    return label
  }
}
