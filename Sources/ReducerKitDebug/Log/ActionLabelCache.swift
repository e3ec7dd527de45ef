/// The custom-dump labels of recently written actions, by the action's JSON.
///
/// Sessions repeat the same actions (`increment`, `checkBoxToggled` of the same row), and
/// custom-dump's label is the writer's most expensive step: on Linux its type-name cleanup
/// compiles a regular expression on every call (about 30 µs an action). Actions with equal
/// JSON get the label computed for the first of them. That is exact for synthesized `Codable`,
/// where equal JSON means an equal action; an action type whose `Encodable` conformance leaves
/// out something its dump shows could be labelled like another action with the same JSON.
struct ActionLabelCache {
  /// How many labels are kept before the cache starts over, bounding the writer's memory.
  static let capacity = 4096

  private var labels: [String: String] = [:]

  /// The label of the action encoded as `json`, made by `makeLabel` when not cached.
  mutating func label(forJSON json: String, _ makeLabel: () -> String) -> String {
    if let label = labels[json] { return label }
    let label = makeLabel()
    if labels.count >= Self.capacity { labels.removeAll(keepingCapacity: true) }
    labels[json] = label
    return label
  }
}
