import ReducerKit

/// The JSON, custom-dump label and `action_text` row of recently written actions, so that an
/// action the session repeats (`increment`, `checkBoxToggled` of the same row) is not dumped or
/// looked up again.
///
/// Labelling is the writer's most expensive step per row. An action is looked up by its type
/// and its bytes (a copy of an earlier one), then by its type and its encoded JSON, never by
/// `==`: equal actions may dump differently (`setRatio(-0.0)` is
/// `==` to `setRatio(0.0)`, a string to its canonically equivalent form), and their JSON
/// differs as their dumps do. An action type whose `Encodable` conformance leaves out something
/// its dump shows could be labelled like another action with the same JSON.
struct ActionTextCache {
  /// How many entries the table keeps before it starts over, bounding the writer's memory.
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

  /// An action's type and JSON: actions of two types with the same JSON keep their own labels.
  /// The JSON is compared and hashed by its UTF-8, not by `String`'s `==`, under which
  /// canonically equivalent texts are equal.
  private struct Key: Hashable {
    let type: ObjectIdentifier
    let json: String

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.type == rhs.type && ExactEquality.isSame(lhs.json, rhs.json)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(type)
      var json = json
      json.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
  }

  private var texts: [Key: ActionText] = [:]

  /// An action's type and bytes: a copy of an action written before, whose JSON is that
  /// action's, found without encoding it. Each entry keeps its action, so the buffers its bytes
  /// point at stay alive and are never reused for other text. Encoding every action doubled the
  /// writer's CPU time (1,000,000 Counter actions, `rkbench --only 2`).
  private struct BitsKey: Hashable {
    let type: ObjectIdentifier
    let bytes: [UInt8]
  }

  private var byBits: [BitsKey: (action: Any, text: ActionText)] = [:]

  /// The texts of `action` and their row id, from the cache when an action of its type with
  /// its JSON was written recently; otherwise labelled and stored with `intern`, which returns
  /// the id of the `action_text` row holding a JSON and label.
  mutating func text<Action: Encodable>(
    for action: Action, using encoder: JSONFragmentEncoder,
    intern: (_ json: String, _ label: String) throws -> Int64
  ) throws -> ActionText {
    let bitsKey = BitsKey(
      type: ObjectIdentifier(Action.self), bytes: withUnsafeBytes(of: action) { Array($0) })
    if let copy = byBits[bitsKey] { return copy.text }
    let text = try encodedText(for: action, using: encoder, intern: intern)
    if byBits.count >= Self.capacity { byBits.removeAll(keepingCapacity: true) }
    byBits[bitsKey] = (action, text)
    return text
  }

  /// The texts of `action` looked up by its JSON, or labelled and interned.
  private mutating func encodedText<Action: Encodable>(
    for action: Action, using encoder: JSONFragmentEncoder,
    intern: (_ json: String, _ label: String) throws -> Int64
  ) throws -> ActionText {
    let json = try encoder.string(action)
    let key = Key(type: ObjectIdentifier(Action.self), json: json)
    if let text = texts[key] { return text }
    let label = CustomDumpText.dump(action)
    let text = ActionText(json: json, label: label, id: try intern(json, label))
    if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
    texts[key] = text
    return text
  }

  /// Forgets every row id: after a failed transaction, rows it inserted are gone.
  mutating func removeAll() {
    texts.removeAll()
    byBits.removeAll()
  }
}
