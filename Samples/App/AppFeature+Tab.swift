import CasePaths
import ReducerKit

extension AppFeature {
  /// The app's main area: either the to-do list or the settings, one at a time.
  ///
  /// Its state is an enum, so it runs each screen's reducer with `ifCaseLet`. Switching to the
  /// other screen (``Action/selected(_:)``) starts that screen afresh and cancels the effects of
  /// the one left, such as a pending sort of the to-do list.
  @Reducer
  public struct Tab {
    /// Which screen is shown, with its state.
    @CasePathable
    @dynamicMemberLookup
    public enum State: Equatable, Codable, Sendable {
      /// The to-do list.
      case todos(Todos.State)
      /// The settings.
      case settings(Settings.State)

      /// Which screen this is.
      public var kind: Kind {
        switch self {
        case .todos: .todos
        case .settings: .settings
        }
      }
    }

    /// A screen, without its state.
    public enum Kind: String, CaseIterable, Codable, Hashable, Sendable {
      /// The to-do list.
      case todos
      /// The settings.
      case settings
    }

    /// What can happen in the main area.
    @CasePathable
    public enum Action: Hashable, Codable, Sendable {
      /// The user picked a screen; picking the one shown does nothing.
      case selected(Kind)
      /// An action of the to-do list, while it is shown.
      case todos(Todos.Action)
      /// An action of the settings, while they are shown.
      case settings(Settings.Action)
    }

    /// Creates the main area's reducer.
    public init() {}

    /// Switches screens on ``Action/selected(_:)`` (the new screen starts from its initial
    /// state) and runs ``Todos`` or ``Settings`` on the screen shown; leaving a screen cancels
    /// its effects.
    public var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .selected(kind):
          guard kind != state.kind else { return .none }
          switch kind {
          case .todos: state = .todos(Todos.State())
          case .settings: state = .settings(Settings.State())
          }
          return .none

        case .todos, .settings:
          return .none
        }
      }
      .ifCaseLet(\.todos, action: \.todos) {
        Todos()
      }
      .ifCaseLet(\.settings, action: \.settings) {
        Settings()
      }
    }
  }
}
