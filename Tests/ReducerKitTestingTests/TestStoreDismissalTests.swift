import ReducerKit
import ReducerKitTesting
import Testing

/// A test store's own feature dismissing itself, as TCA's `isDismissed` shows: SyncUps' detail
/// screen deletes its sync-up, then calls `dismiss()` from its effect.
@MainActor
@Suite struct TestStoreDismissalTests {
  @Reducer
  struct Detail {
    @ObservableState
    struct State: Equatable {
      @Presents var alert: AlertState<Action.Alert>?
      var isDeleted = false
    }

    enum Action: Equatable {
      case alert(PresentationAction<Alert>)
      case deleteButtonTapped
      case nameChanged
      case onTask

      enum Alert: Equatable {
        case confirmDeletion
      }
    }

    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .alert(.presented(.confirmDeletion)):
          state.isDeleted = true
          return .run { _ in await dismiss() }
        case .alert:
          return .none
        case .deleteButtonTapped:
          state.alert = AlertState { TextState("Delete?") }
          return .none
        case .nameChanged:
          return .none
        case .onTask:
          // A long-lived effect, as a meeting's timer.
          return .run { _ in try await Task.sleep(for: .seconds(3600)) }
        }
      }
      // The alert with no reducer of its own, by its optional state, as TCA's case studies write it.
      .ifLet(\.alert, action: \.alert)
    }
  }

  @Test func theFeatureDismissingItselfIsNoted() async {
    let store = TestStore(initialState: Detail.State()) { Detail() }
    #expect(!store.isDismissed)
    await store.send(.deleteButtonTapped) {
      $0.alert = AlertState { TextState("Delete?") }
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.isDeleted = true
    }
    #expect(store.isDismissed)
  }

  /// The feature's effects end with it, so the test does not fail for an effect still running.
  @Test func dismissingCancelsTheFeaturesEffects() async {
    let store = Self.storeShowingTheAlert()
    await store.send(.onTask)
    await Self.confirmDeletion(in: store)
    #expect(store.isDismissed)
  }

  @Test func sendingToADismissedStoreFails() async {
    let store = Self.storeShowingTheAlert()
    await Self.confirmDeletion(in: store)
    await withKnownIssue {
      await store.send(.nameChanged)
    } matching: { issue in
      issue.description.contains("Can't send action to dismissed test store.")
    }
  }

  /// A store of the detail with its deletion alert shown.
  private static func storeShowingTheAlert() -> TestStore<Detail.State, Detail.Action> {
    TestStore(initialState: Detail.State(alert: AlertState { TextState("Delete?") })) {
      Detail()
    }
  }

  /// Confirms the deletion, after which the feature dismisses itself.
  private static func confirmDeletion(in store: TestStore<Detail.State, Detail.Action>) async {
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.isDeleted = true
    }
  }
}
