import CustomDump
import Foundation

/// A confirmation dialog (an action sheet) held in state: its title, message and buttons, with
/// the actions the buttons send.
///
/// ```swift
/// state.confirmationDialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
///
/// As ``AlertState``, its ``id`` is made from its contents. Unlike swift-navigation's, equality
/// also compares ``titleVisibility``: two dialogs that show their titles differently differ.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility

  /// The same for equal dialogs, in every process.
  public var id: UUID { ContentID.of(self) }

  /// A confirmation dialog whose title shows as the platform decides.
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
    self.init(titleVisibility: .automatic, title: title, actions: actions, message: message)
  }

  /// A confirmation dialog.
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown.
  ///   - title: The title.
  ///   - actions: The buttons, built with ``ButtonStateBuilder``.
  ///   - message: The text under the title, if any.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.init(
      buttons: actions(), message: message?(), title: title(), titleVisibility: titleVisibility)
  }

  init(
    buttons: [ButtonState<Action>], message: TextState?, title: TextState,
    titleVisibility: ConfirmationDialogStateTitleVisibility
  ) {
    self.buttons = buttons
    self.message = message
    self.title = title
    self.titleVisibility = titleVisibility
  }

  /// The same dialog with buttons that send another action type.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    ConfirmationDialogState<NewAction>(
      buttons: buttons.map { $0.map(transform) }, message: message, title: title,
      titleVisibility: titleVisibility)
  }
}

/// Whether a confirmation dialog shows its title, as SwiftUI's `Visibility`.
public enum ConfirmationDialogStateTitleVisibility: Equatable, Hashable, Sendable {
  /// As the platform decides.
  case automatic
  /// Hidden.
  case hidden
  /// Shown.
  case visible
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

/// Dumped as swift-navigation's: `titleVisibility` unless automatic, `title`, then `actions`
/// when there are buttons and `message` when there is one.
extension ConfirmationDialogState: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if titleVisibility != .automatic { children.append(("titleVisibility", titleVisibility)) }
    children.append(("title", title))
    if !buttons.isEmpty { children.append(("actions", buttons)) }
    if let message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// As ``AlertState``'s, plus `"titleVisibility": "hidden"` or `"visible"` (left out when
/// automatic).
extension ConfirmationDialogState: Codable {
  enum CodingKeys: String, CodingKey {
    case buttons, message, title, titleVisibility
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      buttons: try container.decodeIfPresent([ButtonState<Action>].self, forKey: .buttons) ?? [],
      message: try container.decodeIfPresent(TextState.self, forKey: .message),
      title: try container.decode(TextState.self, forKey: .title),
      titleVisibility: try container.decodeIfPresent(
        ConfirmationDialogStateTitleVisibility.self, forKey: .titleVisibility) ?? .automatic
    )
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if titleVisibility != .automatic {
      try container.encode(titleVisibility, forKey: .titleVisibility)
    }
    try container.encode(title, forKey: .title)
    if !buttons.isEmpty { try container.encode(buttons, forKey: .buttons) }
    try container.encodeIfPresent(message, forKey: .message)
  }
}

/// Encoded as its name: `"automatic"`, `"hidden"`, `"visible"`.
extension ConfirmationDialogStateTitleVisibility: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    switch try container.decode(String.self) {
    case "automatic": self = .automatic
    case "hidden": self = .hidden
    case "visible": self = .visible
    case let name:
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: #"""
          Unknown title visibility "\#(name)": expected "automatic", "hidden" or "visible".
          """#
      )
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .automatic: try container.encode("automatic")
    case .hidden: try container.encode("hidden")
    case .visible: try container.encode("visible")
    }
  }
}
