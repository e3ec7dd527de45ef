import CustomDump

/// The values decoded from the subtrees of one JSON state, kept while patches move it on, so
/// that the next state decodes only the subtrees a patch touched
/// (``JSONValue/decoded(as:reusing:)``).
///
/// Each place of the state that a type decoded itself at (an object member, an array element)
/// keeps the value it gave. A patch forgets the values of the places it changes and of their
/// ancestors, and shifts array elements as it inserts and removes them; everything else is
/// still the decoding of the same JSON at the same place. An array whose elements changed
/// once (one inserted, removed or changed) keeps its collection with that change noted, and
/// a collection that can take it in place does (``EditableDecodedCollection``). A value with
/// an identity (an object, a shared value) is never kept, nor any value holding one: two
/// states decoded apart must not share an object, which a diff would see as the same one. Nor
/// is a value whose decoding read its coding path, which a move changes. (An object a type
/// decodes by calling `init(from:)` itself, not through a container, is not seen.)
package final class DecodedSubtrees {
  let root = Node()

  package init() {}

  /// Whether `value` has an identity of its own: an object, or a value custom-dump diffs by
  /// identity (a `_CustomDiffObject`, such as `Shared`).
  static func hasIdentity<T>(_ value: T) -> Bool {
    T.self is AnyObject.Type || type(of: value as Any) is AnyObject.Type
      || value is any _CustomDiffObject
  }

  /// Forgets every value, for a state that does not follow from the one decoded last.
  package func removeAll() {
    root.clear()
  }

  /// Forgets what `patch`, applied to the state decoded last, changes: afterwards the values
  /// kept describe the patched state.
  package func invalidate(by patch: [JSONPatchOperation]) {
    for operation in patch {
      switch operation.op {
      case .test:
        continue
      case .add, .replace, .remove:
        change(operation.path, by: operation.op, moving: nil)
      case .copy:
        change(operation.path, by: .add, moving: nil)
      case .move:
        guard let from = operation.from else { return removeAll() }
        let moved = change(from, by: .remove, moving: nil)
        change(operation.path, by: .add, moving: moved)
      }
    }
  }

  /// Forgets the values of the ancestors of `path` (an array notes the change of its element
  /// instead) and changes its place in its parent; returns the node a removal took out.
  @discardableResult
  private func change(_ path: JSONPointer, by kind: JSONPatchOperation.Kind, moving: Node?)
    -> Node?
  {
    guard let last = path.tokens.last else {
      root.clear()
      return nil
    }
    var node = root
    for token in path.tokens.dropLast() {
      guard let child = node.existingChild(token) else {
        node.forget()
        return nil
      }
      node.noteChange(below: token)
      node = child
    }
    node.noteChange(of: last, by: kind)
    return node.changeChild(last, by: kind, inserting: moving)
  }

  /// One change of an array's elements, which the collection decoded there can take in place
  /// (``EditableDecodedCollection``) instead of being decoded again from all its elements.
  enum Edit: Equatable {
    case insert(Int)
    case remove(Int)
    /// The element, or something inside it, changed.
    case replace(Int)
  }
}

extension DecodedSubtrees {
  /// One place of the state: the value decoded there, and the places below it.
  final class Node {
    /// What a type decoded here, and that type.
    private var value: Any?
    private var valueType: ObjectIdentifier?
    /// The change of the array here since `value` was decoded, when it was one change.
    private var edit: Edit?
    /// The members decoded of the object here.
    private var members: [String: Node] = [:]
    /// The elements of the array here, one per element, when it was decoded as an array.
    private var elements: [Node?] = []
    private var isArray = false

    /// Forgets the value here, keeping the places below.
    func forget() {
      value = nil
      valueType = nil
      edit = nil
    }

    /// Notes that something at or below element `token` of the array here changed, or forgets
    /// the value here when it is not an array's element.
    func noteChange(below token: String) {
      guard isArray, let index = Int(token), elements.indices.contains(index) else {
        return forget()
      }
      note(.replace(index))
    }

    /// Notes the change of child `token` of the array here, or forgets the value here.
    func noteChange(of token: String, by kind: JSONPatchOperation.Kind) {
      guard isArray, let index = token == "-" ? elements.count : Int(token) else {
        return forget()
      }
      switch kind {
      case .add: note(.insert(index))
      case .remove: note(.remove(index))
      case .replace: note(.replace(index))
      default: forget()
      }
    }

    /// Keeps the value with `edit` to apply, when it is the only change since it was decoded.
    private func note(_ edit: Edit) {
      guard value != nil else { return }
      if self.edit == nil || self.edit == edit {
        self.edit = edit
      } else {
        forget()
      }
    }

    func clear() {
      forget()
      members = [:]
      elements = []
      isArray = false
    }

    /// The value kept here, if a `T` was decoded here and has not changed since.
    func value<T>(as type: T.Type) -> T? {
      // Checked before the cast: a missing value would cast to any `Optional` as `nil`.
      guard edit == nil, valueType == ObjectIdentifier(T.self), let value else { return nil }
      return value as? T
    }

    /// The value kept here, if a `T` was decoded here, and the one change of its elements since.
    func editedValue<T>(as type: T.Type) -> (value: T, edit: Edit)? {
      guard let edit, valueType == ObjectIdentifier(T.self), let value = value as? T else {
        return nil
      }
      return (value, edit)
    }

    /// Keeps `value`, a `T` decoded here.
    func keep<T>(_ value: T) {
      self.value = value
      valueType = ObjectIdentifier(T.self)
      edit = nil
    }

    /// The node of member `key` of the object here.
    func member(_ key: String) -> Node {
      if isArray {
        isArray = false
        elements = []
      }
      if let node = members[key] { return node }
      let node = Node()
      members[key] = node
      return node
    }

    /// The node of element `index` of the array here, which has `count` elements.
    func element(_ index: Int, of count: Int) -> Node {
      if !isArray || elements.count != count {
        isArray = true
        members = [:]
        elements = Array(repeating: nil, count: count)
      }
      if let node = elements[index] { return node }
      let node = Node()
      elements[index] = node
      return node
    }

    func existingChild(_ token: String) -> Node? {
      guard isArray else { return members[token] }
      guard let index = Int(token), elements.indices.contains(index) else { return nil }
      return elements[index]
    }

    /// Applies an `add`, `remove` or `replace` of child `token`; returns the node removed.
    func changeChild(_ token: String, by kind: JSONPatchOperation.Kind, inserting node: Node?)
      -> Node?
    {
      guard isArray else {
        let removed = members.removeValue(forKey: token)
        if kind == .add, let node { members[token] = node }
        return removed
      }
      let index = token == "-" ? elements.count : Int(token)
      guard let index, index >= 0 else {
        clear()
        return nil
      }
      switch kind {
      case .add where index <= elements.count:
        elements.insert(node, at: index)
      case .remove where index < elements.count:
        return elements.remove(at: index)
      case .replace where index < elements.count:
        elements[index] = nil
      default:
        // A patch that does not apply to what was decoded: forget the array.
        clear()
      }
      return nil
    }
  }
}
