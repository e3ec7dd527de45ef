import CasePaths
import Clocks
import Foundation
import ReducerKit
import ReducerKitSamples

/// A feature whose state is `Equatable` only (not observable, not `Codable`): the plain
/// `TestStore` initializers.
struct Tally: Reducer {
  struct State: Equatable {
    var total = 0
    var log: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case add(Int)
    case addLater(Int)
    case added(Int)
    case echo(String)
    case echoed(String)
    case startTimer
    case tick
    case stopTimer
  }

  enum CancelID { case timer }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .add(amount):
      state.total += amount
      return .none
    case let .addLater(amount):
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.added(amount))
      }
    case let .added(amount):
      state.total += amount
      return .none
    case let .echo(text):
      return .send(.echoed(text))
    case let .echoed(text):
      state.log.append(text)
      return .none
    case .startTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.total += 1
      return .none
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    }
  }
}

/// A counter whose `increment` adds two: the "current reducer" of a replay test that must
/// diverge from a session recorded with ``Counter``.
struct BrokenCounter: Reducer {
  typealias State = Counter.State
  typealias Action = Counter.Action

  let base = Counter().testDependencies()

  var body: some ReducerOf<Counter> {
    Reduce { state, action in
      let effect = base.reduce(into: &state, action: action)
      if action == .increment { state.count += 1 }
      return effect
    }
  }
}

/// A folder of its own under the temporary folder, for one test's log files, removed with
/// the suite instance that holds it (Swift Testing makes one per test).
final class TemporaryDirectory: Sendable {
  let path: String

  init() {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ReducerKitTestingTests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
