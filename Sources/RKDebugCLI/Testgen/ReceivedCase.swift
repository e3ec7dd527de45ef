import ReducerKit

/// How a generated test names an action it receives: the case key path of its innermost
/// `@CasePathable` case (`\.counter.factResponse`), as a TCA test writes
/// `store.receive(\.counter.factResponse)`.
enum ReceivedCase {
  /// The argument of `store.receive(…)` for `action`.
  ///
  /// An action enum that is not `@CasePathable` is matched with a closure on its case:
  /// `{ if case .loaded = $0 { true } else { false } }`.
  static func argument(for action: Any) -> String {
    guard action is any CasePathable else {
      return "{ if case .\(caseName(of: action)) = $0 { true } else { false } }"
    }
    var names: [String] = []
    var current = action
    while current is any CasePathable {
      let mirror = Mirror(reflecting: current)
      guard mirror.displayStyle == .enum else { break }
      names.append(caseName(of: current))
      // A case with several associated values (`element(id:action:)`) ends the path.
      guard let payload = mirror.children.first?.value,
        Mirror(reflecting: payload).displayStyle == .enum
      else { break }
      current = payload
    }
    return "\\." + names.joined(separator: ".")
  }

  /// The name of the case of an enum value.
  private static func caseName(of value: Any) -> String {
    Mirror(reflecting: value).children.first?.label ?? SwiftLiteralWriter.caseName(of: value)
  }
}
