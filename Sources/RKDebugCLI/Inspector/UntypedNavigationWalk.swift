import ReducerKitDebug

/// The navigation the JSON of a state proves without its types, for a session whose feature
/// this rkdebug does not register: every array of `{"id": integer, "element": …}` objects is a
/// `StackState` (that is how one encodes), and an element that is an object of one member is
/// in the case that member names. What is presented cannot be told from an optional without
/// the types, so the nodes present nothing.
enum UntypedNavigationWalk {
  static func node(of json: JSONValue) -> NavigationNode {
    var node = NavigationNode()
    walk(json, at: .root, into: &node, depth: 0)
    return node
  }

  /// Whether `value` is one entry of an encoded `StackState`.
  static func isStackEntry(_ value: JSONValue?) -> Bool {
    guard case .object(let members) = value, members.count == 2, members["element"] != nil,
      members["id"]?.intValue != nil
    else { return false }
    return true
  }

  /// The case of a screen's element when it is an enum's (an object of one member, the case's
  /// name): its name, its payload (`_0`'s value, or the member's own when it has none) and where
  /// the payload is below the element's pointer.
  static func screenCase(
    of element: JSONValue?
  ) -> (name: String, content: JSONValue, pointer: (JSONPointer) -> JSONPointer)? {
    guard case .object(let members) = element, members.count == 1, let (name, inner) = members.first
    else { return nil }
    guard let payload = inner["_0"] else { return (name, inner, { $0.appending(name) }) }
    return (name, payload, { $0.appending(name).appending("_0") })
  }

  private static func walk(
    _ json: JSONValue, at pointer: JSONPointer, into node: inout NavigationNode, depth: Int
  ) {
    guard depth < 64 else { return }
    switch json {
    case .object(let members):
      for key in members.keys.sorted() {
        let value = members[key]!
        let at = pointer.appending(key)
        if case .array(let entries) = value, !entries.isEmpty, entries.allSatisfy(isStackEntry) {
          node.stacks.append(stack(key, entries: entries, at: at, depth: depth))
        } else {
          walk(value, at: at, into: &node, depth: depth + 1)
        }
      }
    case .array(let items):
      for (index, item) in items.enumerated() {
        walk(item, at: pointer.appending(index: index), into: &node, depth: depth + 1)
      }
    default:
      return
    }
  }

  private static func stack(
    _ name: String, entries: [JSONValue], at pointer: JSONPointer, depth: Int
  ) -> NavigationNode.Stack {
    let screens = entries.enumerated().map { index, entry in
      let element = entry["element"]!
      let at = pointer.appending(index: index).appending("element")
      var screen = NavigationNode.Screen(
        id: entry["id"]!.intValue!, caseName: nil, title: nil, pointer: at, node: NavigationNode())
      var content = element
      var contentAt = at
      if let screenCase = screenCase(of: element) {
        screen.caseName = screenCase.name
        content = screenCase.content
        contentAt = screenCase.pointer(at)
      }
      screen.title = NavigationTitle.of(content)
      walk(content, at: contentAt, into: &screen.node, depth: depth + 1)
      return screen
    }
    return NavigationNode.Stack(name: name, pointer: pointer, screens: screens)
  }
}
