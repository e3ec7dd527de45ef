import ReducerKit
import ReducerKitTesting
import Testing

/// `TestStore` asserts shared state exhaustively, as TCA's does: a shared value an action
/// changes is asserted in that action's closure with `withLock`, one an effect changes in the
/// `receive` or `assert` after it, and a change left out fails the test.
@MainActor
@Suite struct TestStoreSharedTests {
  @Reducer
  struct Scoreboard {
    @ObservableState
    struct State: Equatable {
      @Shared var score: Int
      var taps = 0
    }

    @CasePathable
    enum Action: Equatable {
      case scored
      case tapped
      case scoreLater
      case announce
      case announced
      case reset
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .scored:
          state.$score.withLock { $0 += 1 }
          return .none
        case .tapped:
          state.taps += 1
          return .none
        case .scoreLater:
          return .run { [score = state.$score] _ in score.withLock { $0 += 10 } }
        case .announce:
          return .run { [score = state.$score] send in
            score.withLock { $0 += 100 }
            await send(.announced)
          }
        case .announced:
          state.taps += 1
          return .none
        case .reset:
          state.$score.withLock { $0 = 0 }
          return .none
        }
      }
    }
  }

  @Test func aSharedChangeIsAssertedWithLock() async {
    let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
      Scoreboard()
    }
    await store.send(.scored) { $0.$score.withLock { $0 = 1 } }
    await store.send(.tapped) { $0.taps = 1 }
    await store.send(.scored) { $0.$score.withLock { $0 = 2 } }
  }

  @Test func aSharedChangeLeftOutFails() async {
    await withKnownIssue {
      let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
        Scoreboard()
      }
      await store.send(.scored)
    } matching: { issue in
      issue.description.contains("State was not expected to change, but a change occurred")
    }
  }

  @Test func aWrongSharedValueShowsBothValues() async {
    await withKnownIssue {
      let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
        Scoreboard()
      }
      await store.send(.scored) { $0.$score.withLock { $0 = 5 } }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("5") && issue.description.contains("1")
    }
  }

  /// TCA's user-defaults case study resets a count that is already 0 and asserts the reset:
  /// a `withLock` the action made, even to an equal value, may be asserted.
  @Test func aWithLockThatKeptTheValueMayBeAsserted() async {
    let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
      Scoreboard()
    }
    await store.send(.reset) { $0.$score.withLock { $0 = 0 } }
    await store.send(.reset)
  }

  @Test func anUnneededSharedAssertionFails() async {
    await withKnownIssue {
      let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
        Scoreboard()
      }
      await store.send(.tapped) {
        $0.taps = 1
        $0.$score.withLock { $0 = 3 }
      }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
    }
  }

  @Test func anEffectsChangeIsAssertedByAssert() async {
    let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
      Scoreboard()
    }
    await store.send(.scoreLater).finish()
    store.assert { $0.$score.withLock { $0 = 10 } }
    await store.send(.scored) { $0.$score.withLock { $0 = 11 } }
  }

  @Test func anEffectsChangeIsAssertedWithTheActionItSends() async {
    let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
      Scoreboard()
    }
    await store.send(.announce)
    await store.receive(.announced) {
      $0.taps = 1
      $0.$score.withLock { $0 = 100 }
    }
  }

  @Test func anEffectsChangeLeftOutFailsTheNextAssertion() async {
    await withKnownIssue {
      let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
        Scoreboard()
      }
      await store.send(.scoreLater).finish()
      await store.send(.tapped) { $0.taps = 1 }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
    }
  }

  @Test func readsInsideTheClosureSeeTheExpectedValue() async {
    let store = TestStore(initialState: Scoreboard.State(score: Shared(value: 0))) {
      Scoreboard()
    }
    await store.send(.scored) {
      #expect($0.score == 0)
      $0.$score.withLock { $0 += 1 }
      #expect($0.score == 1)
    }
  }
}
