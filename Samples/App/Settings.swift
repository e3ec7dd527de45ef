import CasePaths
import ReducerKit

/// The app's settings screen: a display name, a notifications switch and a theme.
///
/// It has no effects; ``AppFeature`` shows it in one case of ``AppFeature/Tab/State``.
public struct Settings: Reducer {
  /// The settings' state.
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The name the app greets the user with.
    public var displayName: String
    /// Whether notifications are on.
    public var notificationsEnabled: Bool
    /// The color scheme.
    public var theme: Theme

    /// Creates a settings state.
    public init(
      displayName: String = "Blob",
      notificationsEnabled: Bool = false,
      theme: Theme = .system
    ) {
      self.displayName = displayName
      self.notificationsEnabled = notificationsEnabled
      self.theme = theme
    }
  }

  /// A color scheme.
  public enum Theme: String, CaseIterable, Codable, Hashable, Sendable {
    /// Follows the system.
    case system
    /// Always light.
    case light
    /// Always dark.
    case dark
  }

  /// What can happen to the settings.
  @CasePathable
  public enum Action: Hashable, Codable, Sendable {
    /// The display name was edited.
    case displayNameChanged(String)
    /// The notifications switch was flipped.
    case notificationsToggled
    /// A theme was picked.
    case themePicked(Theme)
    /// Puts every setting back to its default.
    case resetButtonTapped
  }

  /// Creates the settings reducer.
  public init() {}

  /// Changes one setting, or all of them for ``Action/resetButtonTapped``; the settings have
  /// no effects.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .displayNameChanged(name):
      state.displayName = name
      return .none

    case .notificationsToggled:
      state.notificationsEnabled.toggle()
      return .none

    case let .themePicked(theme):
      state.theme = theme
      return .none

    case .resetButtonTapped:
      state = State()
      return .none
    }
  }
}
