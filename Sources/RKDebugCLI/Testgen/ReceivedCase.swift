import ReducerKit

/// How a generated test names an action it receives: the case key path of its innermost
/// `@CasePathable` case (`\.counter.factResponse`), as a TCA test writes
/// `store.receive(\.counter.factResponse)`.
enum ReceivedCase {
  /// The argument of `store.receive(…)` for `action`.
  ///
  /// An action enum that is not `@CasePathable` is matched with a closure on its case:
  /// `{ if case .loaded = $0 { true } else { false } }`.
  static func argument(for action: Any, literals: SwiftLiteralWriter) -> String {
    guard action is any CasePathable else {
      return "{ if case .\(caseName(of: action)) = $0 { true } else { false } }"
    }
    var names: [String] = []
    var current = action
    while current is any CasePathable {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
        names.append(caseName(of: current))
        break
      }
      // A stack's or a `forEach`'s `element(id:action:)` is reached by its id:
      // `\.path[id: 1].detail`, as TCA's case paths spell it.
      if let element = elementOf(payload, literals: literals), !names.isEmpty {
        names[names.count - 1] += "[id: \(element.id)]"
        current = element.action
        continue
      }
      names.append(caseName(of: current))
      // A case with several associated values ends the path.
      guard Mirror(reflecting: payload).displayStyle == .enum else { break }
      current = payload
    }
    return "\\." + names.joined(separator: ".")
  }

  /// The id literal and the action of an `element(id:action:)` payload; `nil` for others.
  private static func elementOf(_ payload: Any, literals: SwiftLiteralWriter) -> (
    id: String, action: Any
  )? {
    let children = Array(Mirror(reflecting: payload).children)
    guard Mirror(reflecting: payload).displayStyle == .tuple, children.count == 2,
      children[0].label == "id", children[1].label == "action",
      Mirror(reflecting: children[1].value).displayStyle == .enum,
      let id = try? literals.literal(children[0].value)
    else { return nil }
    return (id.oneLine, children[1].value)
  }

  /// The name of the case of an enum value.
  private static func caseName(of value: Any) -> String {
    Mirror(reflecting: value).children.first?.label ?? SwiftLiteralWriter.caseName(of: value)
  }
}
