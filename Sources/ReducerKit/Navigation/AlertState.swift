import CustomDump
import Foundation

/// An alert held in state: its title, message and buttons, with the actions the buttons send.
///
/// ```swift
/// state.alert = AlertState {
///   TextState("Delete?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) {
///     TextState("Delete")
///   }
///   ButtonState(role: .cancel) {
///     TextState("Cancel")
///   }
/// } message: {
///   TextState("This cannot be undone.")
/// }
/// ```
///
/// Present it with `@Presents var alert: AlertState<Action.Alert>?` and
/// `.ifLet(\.$alert, action: \.alert)`. Equal alerts have equal ``id``s, in every process (see
/// ``ContentID``); swift-navigation draws a random one.
public struct AlertState<Action>: Identifiable {
  /// The buttons, in order; an alert without buttons shows an OK button.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState

  /// The same for equal alerts, in every process.
  public var id: UUID { ContentID.of(self) }

  /// An alert.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - actions: The buttons, built with ``ButtonStateBuilder``.
  ///   - message: The text under the title, if any.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(buttons: actions(), message: message?(), title: title())
  }

  init(buttons: [ButtonState<Action>], message: TextState?, title: TextState) {
    self.buttons = buttons
    self.message = message
    self.title = title
  }

  /// The same alert with buttons that send another action type.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    AlertState<NewAction>(
      buttons: buttons.map { $0.map(transform) }, message: message, title: title)
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}

/// Dumped as swift-navigation's: `title`, then `actions` when there are buttons, then
/// `message` when there is one.
extension AlertState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", title)]
    if !buttons.isEmpty { children.append(("actions", buttons)) }
    if let message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// `{"title": "Delete?", "buttons": [...], "message": "…"}`, keyed by the property names so a
/// log path reads as Swift does (`alert.buttons[0].label`); `buttons` is left out when empty
/// and `message` when `nil`. `Codable` whatever `Action` is, as ``ButtonState`` is.
extension AlertState: Codable {
  enum CodingKeys: String, CodingKey {
    case buttons, message, title
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      buttons: try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) ?? [],
      message: try container.decodeIfPresent(TextState.self, forKey: .message),
      title: try container.decode(TextState.self, forKey: .title)
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(title, forKey: .title)
    if !buttons.isEmpty { try container.encode(buttons, forKey: .buttons) }
    try container.encodeIfPresent(message, forKey: .message)
  }
}
