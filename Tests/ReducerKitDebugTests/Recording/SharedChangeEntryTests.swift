import Foundation
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// A shared value changed outside the reducer (an effect's `withLock`, code outside the store,
/// the storage) is an entry of its own in the log, between the actions it came between, with
/// the change at every place the state holds the value; replay feeds it back as an input.
@MainActor
@Suite struct SharedChangeEntryTests {
  @Reducer
  struct Meeting {
    @ObservableState
    struct State: Equatable, Codable {
      @Shared var minutes: [String]
      var detail: Detail?
      var ended = false
    }

    struct Detail: Equatable, Codable {
      @Shared var minutes: [String]
    }

    enum Action: Equatable, Codable {
      case open
      case record(String)
      case recorded
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .open:
          state.detail = Detail(minutes: state.$minutes)
          return .none
        case let .record(text):
          return .run { [minutes = state.$minutes] send in
            minutes.withLock { $0.append(text) }
            await send(.recorded)
          }
        case .recorded:
          state.ended = true
          return .none
        }
      }
    }
  }

  private func json(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

  @Test func anEffectsWithLockIsAnEntryAtEveryPlaceBetweenTheActionsAroundIt() async throws {
    let log = try ActionLog.inMemory()
    let store = Store<Meeting>(
      initialState: Meeting.State(minutes: Shared(value: [])),
      reducer: Meeting().recording(to: log)
    )
    store.send(.open)
    await store.send(.record("Hello")).finish()
    try log.close()

    let reader = try log.reader()
    let entries = try reader.actions()
    #expect(entries.count == 4)
    let change = entries[2]
    #expect(change.label == "$minutes.withLock in effect 1")
    #expect(!entries[1].isSharedChange && !entries[3].isSharedChange)
    #expect(change.isSharedChange)
    #expect(change.source == .effect(effectID: 1, parentIndex: 2))
    #expect(Set(change.patch.map(\.path.description)) == ["/minutes/0", "/detail/minutes/0"])
    #expect(
      try reader.stateJSON(at: 2).isEquivalent(
        to: json(#"{"minutes":[],"detail":{"minutes":[]},"ended":false}"#)))
    #expect(
      try reader.stateJSON(at: 3).isEquivalent(
        to: json(#"{"minutes":["Hello"],"detail":{"minutes":["Hello"]},"ended":false}"#)))
    #expect(
      try reader.stateJSON(at: 4).isEquivalent(
        to: json(#"{"minutes":["Hello"],"detail":{"minutes":["Hello"]},"ended":true}"#)))
  }

  @Test func aChangeMadeOutsideTheStoreIsAnEntryOfItsOwn() throws {
    let log = try ActionLog.inMemory()
    let minutes = Shared(value: ["One"])
    let store = Store<Meeting>(
      initialState: Meeting.State(minutes: minutes), reducer: Meeting().recording(to: log)
    )
    store.send(.recorded)
    minutes.withLock { $0.append("Two") }
    try log.close()

    let entries = try log.reader().actions()
    #expect(entries.count == 2)
    #expect(entries[1].label == "$minutes.withLock outside this store")
    #expect(entries[1].source == .send)
    #expect(
      try log.reader().stateJSON(at: 2).isEquivalent(
        to: json(#"{"minutes":["One","Two"],"ended":true}"#)))
  }

  @Test func aChangeTheStorageMakesIsAnEntryNamingIt() throws {
    let url = URL(fileURLWithPath: "/tmp/shared-entry-tests/minutes.json")
    let fileSystem = InMemoryFileSystem([url: Data(#"["Saved"]"#.utf8)])
    let log = try ActionLog.inMemory()
    try withDependencies {
      $0.defaultFileStorage = .inMemory(fileSystem: fileSystem)
    } operation: {
      @Shared(.fileStorage(url)) var minutes: [String] = []
      let store = Store<Meeting>(
        initialState: Meeting.State(minutes: $minutes), reducer: Meeting().recording(to: log)
      )
      store.send(.recorded)
      fileSystem.removeFile(at: url)
      try log.close()
    }
    let entries = try log.reader().actions()
    #expect(entries.count == 2)
    #expect(entries[1].label.hasPrefix("$minutes changed by its storage .fileStorage("))
    #expect(try log.reader().stateJSON(at: 2).isEquivalent(to: json(#"{"minutes":[],"ended":true}"#)))
  }

  @Test func replayFeedsTheEntriesBackAsInputs() async throws {
    let log = try ActionLog.inMemory()
    let store = Store<Meeting>(
      initialState: Meeting.State(minutes: Shared(value: [])),
      reducer: Meeting().recording(to: log)
    )
    await store.send(.record("Hello")).finish()
    await store.send(.record("World")).finish()
    try log.close()

    let engine = try ReplayEngine(reader: try log.reader(), reducer: Meeting())
    let result = try engine.run()
    #expect(result.divergence == nil)
    #expect(result.lastIndex == 6)
    #expect(engine.state.minutes == ["Hello", "World"])
  }
}
