import ReducerKitDebug

/// The navigation of one state, or of one screen or presented feature in it: the stacks of
/// screens it holds and what it presents (`rkdebug ui`'s navigation view, docs/ui-api.md).
struct NavigationNode: Equatable, Sendable {
  /// Its stacks (`StackState` properties), in the order of their properties.
  var stacks: [Stack] = []
  /// What it presents (`@Presents` properties holding a value), in the order of their
  /// properties.
  var presented: [Presentation] = []

  /// A `StackState` and its screens, bottom to top.
  struct Stack: Equatable, Sendable {
    /// The property's name.
    var name: String
    /// Where the stack is in the state's JSON.
    var pointer: JSONPointer
    var screens: [Screen]
  }

  /// One screen of a stack.
  struct Screen: Equatable, Sendable {
    /// Its `StackElementID`.
    var id: Int
    /// The enum case of the screen (`detail`), or `nil` when the stack's element is no enum.
    var caseName: String?
    /// A short title (``NavigationTitle``), or `nil`.
    var title: String?
    /// Where its element is in the state's JSON (`/path/0/element`).
    var pointer: JSONPointer
    /// What the screen itself holds and presents.
    var node: NavigationNode
  }

  /// A presented feature, alert or dialog.
  struct Presentation: Equatable, Sendable {
    /// The `@Presents` property's name (`destination`).
    var name: String
    /// The enum case presented (`edit`, `alert`), or `nil` when the property is no enum.
    var caseName: String?
    /// `alert`, `dialog`, or `feature` (a feature's state: a sheet, a popover, a cover or a
    /// drill-down; the state does not say which).
    var kind: String
    /// An alert's or a dialog's title, or a feature's short title (``NavigationTitle``).
    var title: String?
    /// Where the property's value is in the state's JSON.
    var pointer: JSONPointer
    /// What the presented feature holds and presents.
    var node: NavigationNode
  }

  /// Whether it holds no stack and presents nothing.
  var isEmpty: Bool { stacks.isEmpty && presented.isEmpty }

  // MARK: - JSON

  /// `{"stacks": [...], "presented": [...]}`, as docs/ui-api.md describes.
  var json: JSONValue {
    [
      "stacks": .array(stacks.map(\.json)),
      "presented": .array(presented.map(\.json)),
    ]
  }
}

extension NavigationNode.Stack {
  var json: JSONValue {
    [
      "name": .string(name), "pointer": .string(pointer.description),
      "screens": .array(screens.map(\.json)),
    ]
  }
}

extension NavigationNode.Screen {
  var json: JSONValue {
    node.json.adding([
      "id": JSONValue(id), "case": caseName.map(JSONValue.string) ?? .null,
      "title": title.map(JSONValue.string) ?? .null, "pointer": .string(pointer.description),
    ])
  }
}

extension NavigationNode.Presentation {
  var json: JSONValue {
    node.json.adding([
      "name": .string(name), "case": caseName.map(JSONValue.string) ?? .null,
      "kind": .string(kind), "title": title.map(JSONValue.string) ?? .null,
      "pointer": .string(pointer.description),
    ])
  }
}
