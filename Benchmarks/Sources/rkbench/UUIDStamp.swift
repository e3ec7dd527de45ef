import Foundation
import ReducerKit

/// A reducer that reads one `uuid()` per action and nothing else: the send path of a feature
/// that reads a nondeterministic dependency, which the recorder logs and replay feeds back.
struct UUIDStamp: Reducer {
  @ObservableState
  struct State: Equatable, Codable, Sendable {
    var id: UUID?
    var count = 0
  }

  @CasePathable
  enum Action: Equatable, Codable, Sendable {
    case stamp
  }

  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.id = uuid()
    state.count += 1
    return .none
  }

  /// Incrementing ids, so runs are alike.
  static func dependencies(_ values: inout DependencyValues) {
    values.uuid = .incrementing
  }
}
