import CustomDump

#if canImport(SwiftUI)
  import SwiftUI
#endif

/// The action a button of an alert or a dialog sends when it is tapped: `.send(.confirm)`, or
/// `.send(nil)` for a button that only dismisses.
///
/// On Apple platforms, `.send(_:animation:)` also names the animation to send it with, as in
/// swift-navigation; the animation is left out of the button's `Codable` representation.
public struct ButtonStateAction<Action> {
  /// The action to send, or `nil` to only dismiss.
  public let action: Action?

  #if canImport(SwiftUI)
    /// The animation to send ``action`` with, or `nil`.
    public let animation: Animation?

    /// Sends `action` with `animation` when the button is tapped.
    public static func send(_ action: Action?, animation: Animation?) -> Self {
      Self(action: action, animation: animation)
    }

    /// Sends `action` when the button is tapped.
    public static func send(_ action: Action?) -> Self {
      Self(action: action, animation: nil)
    }
  #else
    /// Sends `action` when the button is tapped.
    public static func send(_ action: Action?) -> Self {
      Self(action: action)
    }
  #endif

  /// The same button action for another action type.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ButtonStateAction<NewAction> {
    #if canImport(SwiftUI)
      .send(transform(action), animation: animation)
    #else
      .send(transform(action))
    #endif
  }
}

/// Equal when the actions (and on Apple platforms the animations) are.
extension ButtonStateAction: Equatable where Action: Equatable {}

extension ButtonStateAction: Hashable where Action: Hashable {
  /// Hashes the action only: an animation is not `Hashable`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
  }
}

extension ButtonStateAction: Sendable where Action: Sendable {}

/// Dumped as swift-navigation's: `.send(.confirm)`, `.send(nil)`, and on Apple platforms
/// `.send(.confirm, animation: …)` when it has an animation.
extension ButtonStateAction: CustomDumpReflectable {
  public var customDumpMirror: Mirror {
    #if canImport(SwiftUI)
      if let animation {
        return Mirror(
          self, children: ["send": (action, animation: animation)], displayStyle: .enum)
      }
    #endif
    return Mirror(self, children: ["send": action as Any], displayStyle: .enum)
  }
}
