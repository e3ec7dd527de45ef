import CasePaths
import ReducerKit

/// The samples put together: a ``Counter`` that is always there, a main area that shows either
/// ``Todos`` or ``Settings`` (``AppFeature/Tab``), and a ``Search`` sheet that comes and goes.
///
/// It uses each composition operator once:
///
/// - `Scope(state: \.counter, action: \.counter)` for the counter,
/// - `Scope` to ``AppFeature/Tab``, which runs its screens with `ifCaseLet` over its enum state,
/// - `ifLet(\.search, action: \.search)` for the optional search sheet.
///
/// Dismissing the sheet cancels a search in flight; switching screens cancels a pending sort.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State(), reducer: AppFeature()) {
///   $0.continuousClock = ImmediateClock()
/// }
/// store.send(.counter(.increment))
/// store.send(.searchButtonTapped)
/// store.send(.search(.queryChanged("par")))
/// ```
@Reducer
public struct AppFeature {
  /// The name `rkdebug` registers the feature under.
  public static let name = "app"

  /// The app's state.
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The counter, always shown.
    public var counter: Counter.State
    /// The main area: the to-do list or the settings.
    public var tab: Tab.State
    /// The search sheet, while it is presented.
    public var search: Search.State?

    /// Creates an app state; the main area starts on an empty to-do list.
    public init(
      counter: Counter.State = Counter.State(),
      tab: Tab.State = .todos(Todos.State()),
      search: Search.State? = nil
    ) {
      self.counter = counter
      self.tab = tab
      self.search = search
    }
  }

  /// What can happen in the app.
  @CasePathable
  public enum Action: Hashable, Codable, Sendable {
    /// An action of the counter.
    case counter(Counter.Action)
    /// An action of the main area.
    case tab(Tab.Action)
    /// An action of the search sheet, while it is presented.
    case search(Search.Action)
    /// Presents the search sheet (does nothing while it is presented).
    case searchButtonTapped
    /// Dismisses the search sheet, cancelling its search in flight.
    case searchDismissed
  }

  /// Creates the app reducer.
  public init() {}

  /// The counter and the main area, each through a `Scope`, then the app's own logic, with
  /// ``Search`` running on the search sheet while it is presented; dismissing the sheet cancels
  /// its effects.
  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      Counter()
    }
    Scope(state: \.tab, action: \.tab) {
      Tab()
    }
    Reduce { state, action in
      switch action {
      case .searchButtonTapped:
        if state.search == nil {
          state.search = Search.State()
        }
        return .none

      case .searchDismissed:
        state.search = nil
        return .none

      case .counter, .tab, .search:
        return .none
      }
    }
    .ifLet(\.search, action: \.search) {
      Search()
    }
  }
}
