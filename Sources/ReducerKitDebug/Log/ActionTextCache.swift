import CustomDump

/// The JSON, custom-dump label and `action_text` row of recently written actions, so that an
/// action the session repeats (`increment`, `checkBoxToggled` of the same row) is not encoded,
/// dumped or looked up again.
///
/// Encoding and labelling are the writer's most expensive steps per row: custom-dump's label
/// cleans up type names with a regular expression that Linux compiles on every call (about
/// 30 µs), and `JSONEncoder` costs a few microseconds. Actions whose type is `Hashable` are
/// looked up by value: equal actions get the texts of the first of them, exact for synthesized
/// `Codable` (a `Double` payload of `-0.0` would be written as the `0.0` it equals). Other
/// actions are encoded, and their label is looked up by their JSON: an action type whose
/// `Encodable` conformance leaves out something its dump shows could be labelled like another
/// action with the same JSON.
struct ActionTextCache {
  /// How many entries each table keeps before it starts over, bounding the writer's memory.
  static let capacity = 4096

  /// The texts of one action and the id of their `action_text` row.
  struct ActionText {
    /// The action's `Codable` JSON.
    let json: String
    /// Its custom-dump label.
    let label: String
    /// The `action_text` row holding both.
    let id: Int64
  }

  private var byValue: [AnyHashable: ActionText] = [:]
  private var byJSON: [String: ActionText] = [:]

  /// The texts of `action` and their row id, from the cache when an equal action was written
  /// recently; otherwise encoded, labelled, and stored with `intern`, which returns the id of
  /// the `action_text` row holding a JSON and label.
  mutating func text<Action: Encodable>(
    for action: Action, using encoder: JSONFragmentEncoder,
    intern: (_ json: String, _ label: String) throws -> Int64
  ) throws -> ActionText {
    guard let hashable = action as? any Hashable else {
      let json = try encoder.string(action)
      if let text = byJSON[json] { return text }
      let label = String(customDumping: action)
      let text = ActionText(json: json, label: label, id: try intern(json, label))
      if byJSON.count >= Self.capacity { byJSON.removeAll(keepingCapacity: true) }
      byJSON[json] = text
      return text
    }
    let key = AnyHashable(hashable)
    if let text = byValue[key] { return text }
    let json = try encoder.string(action)
    let label = String(customDumping: action)
    let text = ActionText(json: json, label: label, id: try intern(json, label))
    if byValue.count >= Self.capacity { byValue.removeAll(keepingCapacity: true) }
    byValue[key] = text
    return text
  }

  /// Forgets every row id: after a failed transaction, rows it inserted are gone.
  mutating func removeAll() {
    byValue.removeAll()
    byJSON.removeAll()
  }
}
