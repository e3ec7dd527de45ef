import Dispatch
import Foundation
import ReducerKit
import ReducerKitDebug
import Testing

/// Every recorded action carries the wall-clock time it arrived and how long its reducer took
/// (`time` and `duration_ns` in the log).
///
/// The machine running the tests is noisy, so there are only lower bounds on durations: a
/// reducer can always take longer than it should, never shorter.
@MainActor
@Suite struct ActionTimingRecordingTests {
  /// A feature with one action whose reducer takes at least ``slowDuration``.
  struct Timed: Reducer {
    static let slowDuration: UInt64 = 5_000_000  // 5 ms

    @ObservableState
    struct State: Equatable, Codable, Sendable {
      var count = 0
    }

    enum Action: Equatable, Codable, Sendable {
      case tap
      case slowTap
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state.count += 1
      case .slowTap:
        // Busy-waits on the clock the recorder times reducers with, so the wait is at least
        // `slowDuration` as the recorder measures it.
        let end = DispatchTime.now().uptimeNanoseconds + Self.slowDuration
        while DispatchTime.now().uptimeNanoseconds < end {}
        state.count += 10
      }
      return .none
    }
  }

  @Test func actionsRecordTheirTimeAndTheReducersDuration() throws {
    let start = Date()
    let log = try ActionLog.inMemory()
    let store = Store<Timed>(initialState: Timed.State(), reducer: Timed().recording(to: log))
    store.send(.tap)  // 1
    store.send(.slowTap)  // 2
    store.send(.tap)  // 3
    store.send(.tap)  // 4
    try log.close()
    let end = Date()

    let actions = try log.reader().actions()
    #expect(actions.map(\.index) == [1, 2, 3, 4])
    #expect(store.count == 13)

    // The log keeps times to the microsecond, as an offset from the session's start: allow
    // that much rounding at both ends.
    let slack: TimeInterval = 0.001
    for action in actions {
      #expect(
        action.time >= start.addingTimeInterval(-slack),
        "action \(action.index) at \(action.time), before the test started at \(start)"
      )
      #expect(
        action.time <= end.addingTimeInterval(slack),
        "action \(action.index) at \(action.time), after the test ended at \(end)"
      )
    }
    for (earlier, later) in zip(actions, actions.dropFirst()) {
      #expect(
        earlier.time <= later.time,
        "action \(later.index) at \(later.time) is before action \(earlier.index)"
      )
    }

    let slow = actions[1]
    let trivial = [actions[0], actions[2], actions[3]]
    #expect(slow.durationNanos >= Int64(Timed.slowDuration))
    #expect(trivial.allSatisfy { $0.durationNanos >= 0 })
    // The fastest of the trivial ones, so that one unlucky preemption cannot fail the test.
    let fastest = trivial.map(\.durationNanos).min() ?? .max
    #expect(fastest < slow.durationNanos, "\(trivial.map(\.durationNanos)) ns")
  }
}
