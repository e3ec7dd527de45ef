import Foundation
import ReducerKit

/// A feature whose action carries `Result<Int, any Error>`, as TCA features carry their
/// clients' answers, and whose effects fail with an enum error and with a struct error: the
/// tests record it and read the failures back through every command.
///
/// `GeneratedTestBuildTests` builds this file into a package of its own: it imports nothing
/// but ReducerKit and Foundation.
@Reducer
struct Lookup {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var value: Int?
    var errorMessage: String?
    var errorDetail: String?
    var isLoading = false
  }

  enum Action: Codable, Sendable {
    /// Looks a number up, wrapping the answer in `Result { … }`.
    case lookUp(Int)
    /// Looks a number up in an effect that throws, sending the error from `catch:`.
    case lookUpThrowing(Int)
    case response(Result<Int, any Error>)
  }

  @Dependency(\.lookupClient) var client

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .lookUp(let number):
        state.isLoading = true
        return .run { send in
          await send(.response(Result { try await client.fetch(number) }))
        }
      case .lookUpThrowing(let number):
        state.isLoading = true
        return .run { send in
          await send(.response(.success(try await client.fetch(number))))
        } catch: { error, send in
          await send(.response(.failure(error)))
        }
      case .response(.success(let value)):
        state.isLoading = false
        state.value = value
        state.errorMessage = nil
        state.errorDetail = nil
        return .none
      case .response(.failure(let error)):
        state.isLoading = false
        state.errorMessage = "\(error)"
        state.errorDetail = error.localizedDescription
        return .none
      }
    }
  }
}

/// Why a lookup failed: a case with a payload and one without, with text for people.
enum LookupError: LocalizedError, Equatable {
  case notFound(Int)
  case offline

  var errorDescription: String? {
    switch self {
    case .notFound(let number): "No square for \(number)."
    case .offline: "You are offline."
    }
  }
}

/// A struct error with several fields, which custom-dump prints on lines of their own, and
/// Foundation's default `localizedDescription` (which names this module).
struct RateLimited: Error, Equatable {
  var retryAfter: Int
  var reason: String
}

/// Squares a number; fails for negative numbers, 13 and numbers ending in 7. The same answers
/// live and in tests, so a generated test receives the failures the session recorded.
struct LookupClient: Sendable {
  var fetch: @Sendable (Int) async throws -> Int
}

extension LookupClient: DependencyKey {
  static let liveValue = LookupClient { number in
    if number < 0 { throw LookupError.notFound(number) }
    if number == 13 { throw LookupError.offline }
    if number % 10 == 7 { throw RateLimited(retryAfter: 30, reason: "too many lookups") }
    return number * number
  }
  static let testValue = liveValue
}

extension DependencyValues {
  var lookupClient: LookupClient {
    get { self[LookupClient.self] }
    set { self[LookupClient.self] = newValue }
  }
}
