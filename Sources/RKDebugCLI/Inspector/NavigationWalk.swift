import ReducerKit
import ReducerKitDebug

/// Finds the navigation of a decoded state by walking it with `Mirror`, the state's JSON beside
/// it for the pointers: each `StackState` (through `StackStateReflecting`) with its screens,
/// each `@Presents` property (through `PresentationStateReflecting`) with what it presents,
/// nested (a screen that presents a sheet, a sheet that pushes).
///
/// A property is found in the JSON under its name (a `@Presents` property's mirror label
/// `_name` without the underscore), an enum's payload under `{"case": {"_0": …}}`, as
/// synthesized `Codable` writes them; what the JSON does not hold where expected is skipped.
struct NavigationWalk {
  /// Where a stack or a `@Presents` property can be, found on the way: the inspector's
  /// timeline classifies a patch operation by its slot.
  struct Slot: Hashable, Sendable {
    /// The pointer with every array index written `*` (``template(of:)``).
    var template: String
    /// A stack, or else a `@Presents` property.
    var isStack: Bool
    /// For a `@Presents` property, whether it presents an enum's cases.
    var presentsCases: Bool
  }

  /// The slots seen, stacks and presentations, presented or not.
  private(set) var slots: Set<Slot> = []
  private let maximumDepth = 64

  /// The navigation of `state`, whose JSON is `json`.
  mutating func node(of state: Any, json: JSONValue) -> NavigationNode {
    var node = NavigationNode()
    walk(state, json: json, at: .root, into: &node, depth: 0)
    return node
  }

  /// `pointer` with every token that is an array index written `*`: one template per place in
  /// the state's type, whatever screen of a stack it is under.
  static func template(of pointer: JSONPointer) -> String {
    JSONPointer(
      tokens: pointer.tokens.map { $0.allSatisfy(\.isASCIIDigit) && !$0.isEmpty ? "*" : $0 }
    )
    .description
  }

  private mutating func walk(
    _ value: Any, json: JSONValue, at pointer: JSONPointer, into node: inout NavigationNode,
    depth: Int
  ) {
    guard depth < maximumDepth else { return }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .struct, .class:
      for child in mirror.children {
        guard let label = child.label else { continue }
        if let presentation = child.value as? any PresentationStateReflecting {
          let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
          let at = pointer.appending(name)
          slots.insert(
            Slot(
              template: Self.template(of: at), isStack: false,
              presentsCases: type(of: presentation).presentsCases))
          if let presented = presentation.reflectedPresented, let inner = json[name] {
            node.presented.append(
              self.presentation(name, presented, json: inner, at: at, depth: depth))
          }
        } else if let stack = child.value as? any StackStateReflecting,
          case .array(let entries) = json[label]
        {
          node.stacks.append(
            self.stack(label, stack, entries: entries, at: pointer.appending(label), depth: depth))
        } else if let inner = json[label] {
          walk(
            child.value, json: inner, at: pointer.appending(label), into: &node, depth: depth + 1)
        }
      }
    case .enum:
      guard let (_, payload, inner, at) = Self.payload(of: mirror, json: json, at: pointer)
      else { return }
      walk(payload, json: inner, at: at, into: &node, depth: depth + 1)
    case .optional:
      if let child = mirror.children.first {
        walk(child.value, json: json, at: pointer, into: &node, depth: depth + 1)
      }
    case .collection:
      guard case .array(let items) = json, items.count == mirror.children.count else { return }
      for (index, child) in mirror.children.enumerated() {
        walk(
          child.value, json: items[index], at: pointer.appending(index: index), into: &node,
          depth: depth + 1)
      }
    default:
      return
    }
  }

  /// An enum's case name, its payload, the payload's JSON and pointer: `{"case": {"_0": …}}`.
  private static func payload(
    of mirror: Mirror, json: JSONValue, at pointer: JSONPointer
  ) -> (String, Any, JSONValue, JSONPointer)? {
    guard let child = mirror.children.first, let label = child.label,
      case .object(let cases) = json, let caseJSON = cases[label],
      case .object(let members) = caseJSON, members.count == 1, let inner = members["_0"]
    else { return nil }
    return (label, child.value, inner, pointer.appending(label).appending("_0"))
  }

  private mutating func stack(
    _ name: String, _ stack: any StackStateReflecting, entries: [JSONValue],
    at pointer: JSONPointer,
    depth: Int
  ) -> NavigationNode.Stack {
    slots.insert(Slot(template: Self.template(of: pointer), isStack: true, presentsCases: false))
    var screens: [NavigationNode.Screen] = []
    let elements = stack.reflectedElements
    for (index, id) in stack.ids.enumerated() where index < entries.count {
      guard let elementJSON = entries[index]["element"] else { continue }
      let at = pointer.appending(index: index).appending("element")
      var screen = NavigationNode.Screen(
        id: id.generation, caseName: nil, title: nil, pointer: at, node: NavigationNode())
      let mirror = Mirror(reflecting: elements[index])
      if mirror.displayStyle == .enum {
        screen.caseName = mirror.children.first?.label ?? String(describing: elements[index])
        if let (_, payload, inner, payloadAt) = Self.payload(of: mirror, json: elementJSON, at: at)
        {
          screen.title = NavigationTitle.of(inner)
          walk(payload, json: inner, at: payloadAt, into: &screen.node, depth: depth + 1)
        }
      } else {
        screen.title = NavigationTitle.of(elementJSON)
        walk(elements[index], json: elementJSON, at: at, into: &screen.node, depth: depth + 1)
      }
      screens.append(screen)
    }
    return NavigationNode.Stack(name: name, pointer: pointer, screens: screens)
  }

  private mutating func presentation(
    _ name: String, _ presented: Any, json: JSONValue, at pointer: JSONPointer, depth: Int
  ) -> NavigationNode.Presentation {
    var result = NavigationNode.Presentation(
      name: name, caseName: nil, kind: "feature", title: nil, pointer: pointer,
      node: NavigationNode())
    var content = presented
    var contentJSON = json
    var contentAt = pointer
    let mirror = Mirror(reflecting: presented)
    if presented is any AlertStateReflecting {
    } else if mirror.displayStyle == .enum {
      result.caseName = mirror.children.first?.label ?? String(describing: presented)
      guard let (_, payload, inner, payloadAt) = Self.payload(of: mirror, json: json, at: pointer)
      else { return result }
      (content, contentJSON, contentAt) = (payload, inner, payloadAt)
    }
    if let alert = content as? any AlertStateReflecting {
      result.kind = alert.reflectedKind
      result.title = alert.reflectedTitle
    } else {
      result.title = NavigationTitle.of(contentJSON)
      walk(content, json: contentJSON, at: contentAt, into: &result.node, depth: depth + 1)
    }
    return result
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
