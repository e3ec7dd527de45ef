import Foundation
import ReducerKit
import Testing

// Real `@ObservableState` types: the test target compiles the macro's expansions, and the tests
// check what the generated members do.

private enum Child {
  @ObservableState
  struct State: Equatable, Codable {
    var value = 0
  }
}

/// A value that is not `Equatable`: a state holding it compares the rest by hand.
private struct Formatter: Sendable {
  var format: @Sendable (Int) -> String
}

@ObservableState
private struct Parent: Equatable {
  var count = 0
  let id: Int
  var child = Child.State()
  var formatter = Formatter { "\($0)" }
  var `default` = false
  var first = "", second = ""
  var observed = 0 {
    didSet {}
  }
  @ObservationStateIgnored var cache: [Int] = []
  static let zero = 0
  var doubled: Int { count * 2 }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.count == rhs.count && lhs.id == rhs.id && lhs.child == rhs.child
      && lhs.default == rhs.default && lhs.first == rhs.first && lhs.second == rhs.second
      && lhs.observed == rhs.observed && lhs.cache == rhs.cache
  }
}

@ObservableState
private struct Renamed: Equatable, Codable {
  var title = "Title"
  var count = 0
  var transient = 0

  enum CodingKeys: String, CodingKey {
    case title = "name"
    case count
  }
}

@ObservableState
private struct Box<Value: Sendable & Equatable>: Equatable {
  var value: Value
  var label = ""
}

@ObservableState
public struct ObservedPublicState: Equatable {
  public var count = 0
  public init() {}
}

/// Declares the conformance itself, so the macro generates only the members.
@ObservableState
private struct AlreadyConforming: ObservableStateProtocol {
  var count = 0
}

@Suite struct ObservableStateBehaviorTests {
  @Test func keyPathsListStoredPropertiesInOrder() {
    #expect(
      Parent._$observableKeyPaths == [
        \Parent.count, \Parent.id, \Parent.child, \Parent.formatter, \Parent.default,
        \Parent.first, \Parent.second, \Parent.observed,
      ]
    )
    #expect(Child.State._$observableKeyPaths == [\Child.State.value])
    #expect(Box<Int>._$observableKeyPaths == [\Box<Int>.value, \Box<Int>.label])
    #expect(ObservedPublicState._$observableKeyPaths == [\ObservedPublicState.count])
    #expect(AlreadyConforming._$observableKeyPaths == [\AlreadyConforming.count])
  }

  @Test func hasChangedComparesEquatableProperties() {
    let old = Parent(id: 1)
    var new = old
    new.count += 1
    new.child.value = 7
    #expect(Parent.hasChanged(\.count, from: old, to: new))
    #expect(Parent.hasChanged(\.child, from: old, to: new))
    #expect(!Parent.hasChanged(\.id, from: old, to: new))
    #expect(!Parent.hasChanged(\.default, from: old, to: new))
    #expect(!Parent.hasChanged(\.first, from: old, to: new))
    #expect(!Parent.hasChanged(\.observed, from: old, to: new))
    #expect(Child.State.hasChanged(\.value, from: old.child, to: new.child))
    #expect(!Child.State.hasChanged(\.value, from: old.child, to: old.child))
  }

  @Test func hasChangedReportsNonEquatableAndUnknownKeyPathsAsChanged() {
    let state = Parent(id: 1)
    #expect(Parent.hasChanged(\.formatter, from: state, to: state))
    #expect(Parent.hasChanged(\.cache, from: state, to: state))
    #expect(Parent.hasChanged(\.doubled, from: state, to: state))
  }

  @Test func hasChangedWorksForGenericAndConformingStructs() {
    let box = Box(value: 1)
    var changed = box
    changed.value = 2
    #expect(Box.hasChanged(\.value, from: box, to: changed))
    #expect(!Box.hasChanged(\.label, from: box, to: changed))
    var state = AlreadyConforming()
    #expect(!AlreadyConforming.hasChanged(\.count, from: state, to: state))
    let old = state
    state.count = 1
    #expect(AlreadyConforming.hasChanged(\.count, from: old, to: state))
  }

  @Test func observablePropertiesUseSwiftNames() {
    // The observed properties, then `cache`: ignored by the store, listed for the recorder.
    #expect(
      Parent._$observableProperties.map(\.name) == [
        "count", "id", "child", "formatter", "default", "first", "second", "observed", "cache",
      ]
    )
    #expect(
      Parent._$observableProperties.map(\.keyPath) == Parent._$observableKeyPaths + [\.cache]
    )
    let old = Parent(id: 1)
    var new = old
    new.first = "changed"
    let changed = Parent._$observableProperties.filter { $0.hasChanged(old, new) }.map(\.name)
    #expect(changed == ["formatter", "first"])
  }

  @Test func observablePropertiesUseCodingKeys() throws {
    #expect(Renamed._$observableProperties.map(\.name) == ["name", "count"])
    #expect(
      Renamed._$observableKeyPaths == [\Renamed.title, \Renamed.count, \Renamed.transient]
    )
    var state = Renamed()
    state.transient = 1
    #expect(Renamed.hasChanged(\.transient, from: Renamed(), to: state))

    let data = try JSONEncoder().encode(Renamed())
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(Set(object.keys) == Set(Renamed._$observableProperties.map(\.name)))
  }
}
