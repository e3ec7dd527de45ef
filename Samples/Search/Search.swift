import CasePaths
import ReducerKit

/// A search field whose results arrive after the user stops typing.
///
/// Each ``Action/queryChanged(_:)`` restarts a ``Search/debounce``-long wait before the
/// ``SearchClient`` is asked (`cancellable(id:cancelInFlight: true)`), so typing "swift" quickly
/// causes one search, for "swift", and a slow answer for an old query never overwrites the
/// results of a newer one. Clearing the query cancels the search in flight.
///
/// ```swift
/// let store = Store(initialState: Search.State(), reducer: Search()) {
///   $0.continuousClock = ImmediateClock()
/// }
/// await store.send(.queryChanged("ber")).finish()
/// store.results  // ["Berlin", "Bern"]
/// ```
@Reducer
public struct Search {
  /// The name `rkdebug` registers the feature under.
  public static let name = "search"

  /// How long the query must stay unchanged before it is searched for.
  public static let debounce: Duration = .milliseconds(300)

  /// The search's state.
  @ObservableState
  public struct State: Equatable, Codable, Sendable {
    /// The text in the search field.
    public var query: String
    /// The results for the last query searched for.
    public var results: [String]
    /// Whether a search is waiting or running.
    public var isSearching: Bool
    /// The result the user picked, while it is among ``results``.
    public var selectedResult: String?

    /// Creates a search state.
    public init(
      query: String = "",
      results: [String] = [],
      isSearching: Bool = false,
      selectedResult: String? = nil
    ) {
      self.query = query
      self.results = results
      self.isSearching = isSearching
      self.selectedResult = selectedResult
    }
  }

  /// What can happen to the search.
  @CasePathable
  public enum Action: Hashable, Codable, Sendable {
    /// The text in the search field changed.
    case queryChanged(String)
    /// The client's results for the current query (sent by the debounced effect).
    case searchResponse([String])
    /// The user picked one of the results.
    case searchResultTapped(String)
  }

  /// The identifiers of the search's cancellable effects.
  enum CancelID: Hashable, Sendable {
    case search
  }

  /// The clock the debounce sleeps on.
  @Dependency(\.continuousClock) var clock
  /// Where results come from.
  @Dependency(\.searchClient) var client

  /// Creates the search reducer.
  public init() {}

  /// Searches ``Search/debounce`` after each query change, cancelling the search in flight; an
  /// empty query clears the results and cancels the search.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        guard !query.isEmpty else {
          state.results = []
          state.isSearching = false
          state.selectedResult = nil
          return .cancel(id: CancelID.search)
        }
        state.isSearching = true
        return .run { [clock, client] send in
          try await clock.sleep(for: Self.debounce)
          await send(.searchResponse(try await client.search(query)))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case let .searchResponse(results):
        state.results = results
        state.isSearching = false
        if let selected = state.selectedResult, !results.contains(selected) {
          state.selectedResult = nil
        }
        return .none

      case let .searchResultTapped(result):
        state.selectedResult = state.results.contains(result) ? result : nil
        return .none
      }
    }
  }
}
