import CustomDump
import Foundation

/// A button of an alert or a confirmation dialog, held in state: its label, its role and the
/// action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ```
///
/// Its ``id`` is made from its contents (see ``ContentID``), not drawn at random as in
/// swift-navigation, so a recorded session replays with the same ids.
public struct ButtonState<Action>: Identifiable {
  /// What tapping the button sends.
  public let action: ButtonStateAction<Action>
  /// The button's title.
  public let label: TextState
  /// What the button is for, or `nil` for a plain button.
  public let role: ButtonStateRole?

  /// The same for equal buttons, in every process.
  public var id: UUID { ContentID.of(self) }

  /// A button that sends `action`, `.send(nil)` (only dismisses) by default.
  ///
  /// - Parameters:
  ///   - role: What the button is for, or `nil`.
  ///   - action: What tapping the button sends.
  ///   - label: The button's title.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.init(role: role, action: action, label: label())
  }

  /// A button that sends `action`.
  ///
  /// - Parameters:
  ///   - role: What the button is for, or `nil`.
  ///   - action: The action tapping the button sends.
  ///   - label: The button's title.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label())
  }

  init(role: ButtonStateRole?, action: ButtonStateAction<Action>, label: TextState) {
    self.role = role
    self.action = action
    self.label = label
  }

  /// The same button sending another action type.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(role: role, action: action.map(transform), label: label)
  }
}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.label == rhs.label && lhs.role == rhs.role
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
    hasher.combine(label)
    hasher.combine(role)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

/// Dumped as swift-navigation's: `role` when it has one, then `action` and `label`.
extension ButtonState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role { children.append(("role", role)) }
    children.append(("action", action))
    children.append(("label", label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// `{"role": "destructive", "action": <the action's JSON>, "label": "Delete"}`; `role` and
/// `action` are left out when `nil`. An animation (Apple platforms) is not encoded. `Codable`
/// whatever `Action` is, so a button of an alert whose actions have no cases encodes; an action
/// whose type is not `Codable` fails to encode and decode, naming its type.
extension ButtonState: Codable {
  enum CodingKeys: String, CodingKey {
    case action, label, role
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      role: try container.decodeIfPresent(ButtonStateRole.self, forKey: .role),
      action: .send(
        try container.contains(.action) && !container.decodeNil(forKey: .action)
          ? PresentedActionCoding.decode(Action.self, forKey: .action, in: container) : nil
      ),
      label: try container.decode(TextState.self, forKey: .label)
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(role, forKey: .role)
    if let action = action.action {
      try PresentedActionCoding.encode(action, forKey: .action, in: &container)
    }
    try container.encode(label, forKey: .label)
  }
}
