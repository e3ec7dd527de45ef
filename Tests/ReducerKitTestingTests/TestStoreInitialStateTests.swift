import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A test store's initial state is made with the test's dependencies, as TCA's `TestStore`
/// takes it by `@autoclosure`: SyncUps' form adds its first attendee in `State.init` with
/// `@Dependency(\.uuid)`, and its tests expect `UUID(0)` from `$0.uuid = .incrementing`.
@MainActor
@Suite struct TestStoreInitialStateTests {
  @Reducer
  struct Form {
    @ObservableState
    struct State: Equatable {
      var attendees: [UUID] = []

      init() {
        @Dependency(\.uuid) var uuid
        attendees.append(uuid())
      }
    }

    enum Action: Equatable {
      case addTapped
    }

    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.attendees.append(uuid())
        return .none
      }
    }
  }

  @Test func theStateIsMadeWithTheTestsDependencies() async {
    let store = TestStore(initialState: Form.State()) {
      Form()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    #expect(store.state.attendees == [UUID(0)])
    await store.send(.addTapped) {
      $0.attendees.append(UUID(1))
    }
  }

  @Test func aStoreMakesItsStateWithItsDependenciesToo() {
    let store = Store<Form>(
      initialState: Form.State(), reducer: Form(),
      withDependencies: { $0.uuid = .constant(UUID(7)) }
    )
    #expect(store.state.attendees == [UUID(7)])
  }
}
