import ReducerKit

/// Finds the entries that match a query.
///
/// The samples never touch the network: ``deterministic``, the client live and in tests,
/// searches a fixed list of city names, so the same query always gives the same results.
///
/// ```swift
/// @Dependency(\.searchClient) var searchClient
/// try await searchClient.search("ber")  // ["Berlin", "Bern"]
/// ```
public struct SearchClient: Sendable {
  /// Returns the results for a query, best first.
  public var search: @Sendable (_ query: String) async throws -> [String]

  /// A client made from a closure, for tests and for apps with a real service.
  public init(search: @escaping @Sendable (_ query: String) async throws -> [String]) {
    self.search = search
  }

  /// A client that searches ``cities``: the names that contain the query, ignoring case, those
  /// that start with it first, each group in alphabetical order, at most ``maximumResults``.
  public static let deterministic = Self { query in
    results(for: query)
  }

  /// The most results ``deterministic`` returns.
  public static let maximumResults = 8

  /// The results ``deterministic`` returns for `query`.
  public static func results(for query: String) -> [String] {
    let needle = query.lowercased()
    guard !needle.isEmpty else { return [] }
    let matches = cities.filter { $0.lowercased().contains(needle) }
    let prefixed = matches.filter { $0.lowercased().hasPrefix(needle) }
    let others = matches.filter { !$0.lowercased().hasPrefix(needle) }
    return Array((prefixed.sorted() + others.sorted()).prefix(maximumResults))
  }

  /// The fixed list ``deterministic`` searches.
  public static let cities: [String] = [
    "Amsterdam", "Athens", "Auckland", "Bangkok", "Barcelona", "Beijing", "Berlin", "Bern",
    "Bogotá", "Boston", "Brussels", "Budapest", "Buenos Aires", "Cairo", "Cape Town", "Chicago",
    "Copenhagen", "Dublin", "Edinburgh", "Florence", "Geneva", "Hamburg", "Helsinki",
    "Hong Kong", "Istanbul", "Jakarta", "Kyoto", "Lagos", "Lima", "Lisbon", "London",
    "Los Angeles", "Madrid", "Melbourne", "Mexico City", "Milan", "Montreal", "Moscow", "Mumbai",
    "Munich", "Nairobi", "New York", "Oslo", "Paris", "Prague", "Reykjavík", "Rome",
    "San Francisco", "Santiago", "São Paulo", "Seoul", "Singapore", "Stockholm", "Sydney",
    "Tokyo", "Toronto", "Vancouver", "Vienna", "Warsaw", "Zurich",
  ]
}

extension SearchClient: DependencyKey {
  /// The samples' live client: ``deterministic``.
  public static let liveValue = deterministic
  /// Tests get ``deterministic`` too: its results are fixed.
  public static let testValue = deterministic
}

extension DependencyValues {
  /// Where ``Search`` gets results.
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
