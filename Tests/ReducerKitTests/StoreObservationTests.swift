import CasePaths
import Observation
import ReducerKit
import Testing

@MainActor
@Suite struct StoreObservationTests {
  struct Feature: Reducer {
    @ObservableState
    struct State: Equatable {
      var count = 0
      var text = ""
      var isEven: Bool { count.isMultiple(of: 2) }
    }

    enum Action {
      case setCount(Int)
      case setText(String)
      case setBoth(Int, String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .setCount(count):
        state.count = count
      case let .setText(text):
        state.text = text
      case let .setBoth(count, text):
        state.count = count
        state.text = text
      }
      return .none
    }
  }

  /// Whether sending `action` invalidates a tracking scope that ran `read`.
  func invalidates(
    _ action: Feature.Action,
    in store: Store<Feature>,
    reading read: @escaping () -> Void
  ) -> Bool {
    let flag = Flag()
    withObservationTracking(read, onChange: flag.set)
    store.send(action)
    return flag.isSet
  }

  func makeStore() -> Store<Feature> {
    Store(initialState: Feature.State(count: 1, text: "a"), reducer: Feature())
  }

  @Test func readingAPropertyObservesThatProperty() {
    let store = makeStore()
    #expect(invalidates(.setCount(2), in: store) { _ = store.count })
  }

  @Test func readingAPropertyIgnoresOtherProperties() {
    let store = makeStore()
    #expect(!invalidates(.setText("b"), in: store) { _ = store.count })
    #expect(!invalidates(.setCount(5), in: store) { _ = store.text })
    #expect(store.state == Feature.State(count: 5, text: "b"))
  }

  @Test func readingTheStateObservesEveryChange() {
    let store = makeStore()
    #expect(invalidates(.setText("b"), in: store) { _ = store.state })
    #expect(invalidates(.setCount(2), in: store) { _ = store.state })
  }

  @Test func aComputedPropertyObservesEveryChange() {
    let store = makeStore()
    #expect(invalidates(.setText("b"), in: store) { _ = store.isEven })
  }

  @Test func anUnchangedValueInvalidatesNothing() {
    let store = makeStore()
    #expect(!invalidates(.setCount(1), in: store) { _ = store.count })
    #expect(!invalidates(.setCount(1), in: store) { _ = store.state })
    #expect(!invalidates(.setBoth(1, "a"), in: store) { _ = store.text })
    #expect(!invalidates(.setBoth(1, "a"), in: store) { _ = store.isEven })
  }

  @Test func readingTwoPropertiesObservesBoth() {
    let store = makeStore()
    #expect(invalidates(.setText("b"), in: store) { _ = (store.count, store.text) })
    #expect(invalidates(.setCount(3), in: store) { _ = (store.count, store.text) })
  }

  @Test func aPropertyReadAfterAnotherChangedStillObservesItsOwnChanges() {
    let store = makeStore()
    _ = invalidates(.setText("b"), in: store) { _ = store.text }
    // `text` has a version now and `count` does not: a change to `count` alone still counts.
    #expect(invalidates(.setCount(7), in: store) { _ = store.count })
    #expect(invalidates(.setBoth(8, "b"), in: store) { _ = store.count })
    #expect(!invalidates(.setBoth(8, "c"), in: store) { _ = store.count })
  }

  // MARK: - Conformances the macro does not generate through the defaults

  /// An editor whose state observes a key path that is not one of its `_$observableProperties`
  /// (as the macro generates for a property left out of `CodingKeys`), and whose `hasChanged`
  /// ignores moves of less than one point.
  struct Editor: Reducer {
    struct State: Equatable, ObservableStateProtocol {
      var title = ""
      var draft = 0
      var position = 0.0

      static var _$observableKeyPaths: [PartialKeyPath<Self>] {
        [\Self.title, \Self.draft, \Self.position]
      }

      static func hasChanged(
        _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
      ) -> Bool {
        switch keyPath {
        case \Self.title: old.title != new.title
        case \Self.draft: old.draft != new.draft
        case \Self.position: abs(old.position - new.position) >= 1
        default: true
        }
      }

      static var _$observableProperties: [ObservableProperty<Self>] {
        [ObservableProperty("name", \Self.title), ObservableProperty("position", \Self.position)]
      }
    }

    enum Action {
      case setDraft(Int)
      case move(Double)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .setDraft(draft): state.draft = draft
      case let .move(distance): state.position += distance
      }
      return .none
    }
  }

  @Test func everyObservedKeyPathIsObservedEvenWithoutAProperty() {
    let store = Store(initialState: Editor.State(), reducer: Editor())
    let flag = Flag()
    withObservationTracking({ _ = store.draft }, onChange: flag.set)
    store.send(.setDraft(1))
    #expect(flag.isSet)
  }

  @Test func theStoreAsksHasChanged() {
    let store = Store(initialState: Editor.State(), reducer: Editor())
    let small = Flag()
    withObservationTracking({ _ = store.position }, onChange: small.set)
    store.send(.move(0.5))
    #expect(!small.isSet)
    #expect(store.position == 0.5)

    let large = Flag()
    withObservationTracking({ _ = store.position }, onChange: large.set)
    store.send(.move(2))
    #expect(large.isSet)
  }
}
