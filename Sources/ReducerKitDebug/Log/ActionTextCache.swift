import ReducerKit

/// The JSON, custom-dump label and `action_text` row of recently written actions, so that an
/// action the session repeats (`increment`, `checkBoxToggled` of the same row) is not encoded,
/// dumped or looked up again.
///
/// Encoding and labelling are the writer's most expensive steps per row. Actions whose type is `Hashable` are
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

  /// The texts of `Hashable` actions, one table per action type, keyed by the type.
  private var tables: [ObjectIdentifier: AnyObject] = [:]
  /// The table found last: a session writes actions of one type, so most rows skip the lookup.
  private var lastTable: (key: ObjectIdentifier, table: AnyObject)?
  private var byJSON: [String: ActionText] = [:]

  /// The texts of `action` and their row id, from the cache when an equal action was written
  /// recently; otherwise encoded, labelled, and stored with `intern`, which returns the id of
  /// the `action_text` row holding a JSON and label.
  mutating func text<Action: Encodable>(
    for action: Action, using encoder: JSONFragmentEncoder,
    intern: (_ json: String, _ label: String) throws -> Int64
  ) throws -> ActionText {
    guard let table = table(for: Action.self) else {
      let json = try encoder.string(action)
      if let text = byJSON[json] { return text }
      let label = CustomDumpText.dump(action)
      let text = ActionText(json: json, label: label, id: try intern(json, label))
      if byJSON.count >= Self.capacity { byJSON.removeAll(keepingCapacity: true) }
      byJSON[json] = text
      return text
    }
    if let text = table.text(for: action) { return text }
    let json = try encoder.string(action)
    let label = CustomDumpText.dump(action)
    let text = ActionText(json: json, label: label, id: try intern(json, label))
    table.insert(text, for: action)
    return text
  }

  /// The table of `Action`, made on its first action; `nil` when `Action` is not `Hashable`.
  private mutating func table<Action>(for type: Action.Type) -> ActionTextTable<Action>? {
    let key = ObjectIdentifier(type)
    if let lastTable, lastTable.key == key {
      return unsafeDowncast(lastTable.table, to: ActionTextTable<Action>.self)
    }
    if let table = tables[key] {
      lastTable = (key, table)
      return unsafeDowncast(table, to: ActionTextTable<Action>.self)
    }
    guard let hashable = type as? any Hashable.Type else { return nil }
    let table = ActionTextTable<Action>.keyed(by: hashable)
    tables[key] = table
    lastTable = (key, table)
    return table
  }

  /// Forgets every row id: after a failed transaction, rows it inserted are gone.
  mutating func removeAll() {
    tables.removeAll()
    lastTable = nil
    byJSON.removeAll()
  }
}

/// The texts of recently written actions of one `Hashable` type, looked up by value.
///
/// The type is opened as `Hashable` once, when the table is made, so a lookup hashes the action
/// with its own conformance: no `AnyHashable` box and no dynamic cast to `Hashable` per action.
class ActionTextTable<Action> {
  /// The texts of an action equal to `action`, if one was written since the table started over.
  func text(for action: Action) -> ActionTextCache.ActionText? {
    preconditionFailure("made by keyed(by:)")
  }

  /// Keeps the texts of `action`, starting over when ``ActionTextCache/capacity`` are kept.
  func insert(_ text: ActionTextCache.ActionText, for action: Action) {
    preconditionFailure("made by keyed(by:)")
  }

  /// The table for `Action`, which is `Key` (`Action` seen as `Hashable`).
  static func keyed<Key: Hashable>(by key: Key.Type) -> ActionTextTable<Action> {
    precondition(Key.self == Action.self)
    return HashableActionTextTable<Action, Key>()
  }
}

/// An ``ActionTextTable`` whose `Action` is `Key`.
private final class HashableActionTextTable<Action, Key: Hashable>: ActionTextTable<Action> {
  private var texts: [Key: ActionTextCache.ActionText] = [:]

  override func text(for action: Action) -> ActionTextCache.ActionText? {
    texts[key(action)]
  }

  override func insert(_ text: ActionTextCache.ActionText, for action: Action) {
    if texts.count >= ActionTextCache.capacity { texts.removeAll(keepingCapacity: true) }
    texts[key(action)] = text
  }

  /// The action as `Key`, the same type (``ActionTextTable/keyed(by:)`` checked it), so the
  /// value is reinterpreted rather than cast through the runtime.
  private func key(_ action: Action) -> Key {
    unsafeBitCast(action, to: Key.self)
  }
}
