import Clocks
import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import Synchronization
import ReducerKitTestSupport
import Testing

/// The log's promise on every sample: applying the patches of actions 1…N to the initial
/// state's JSON gives exactly the live state's JSON after action N, and the old values walk it
/// back to N−1, over seeded random sessions (effects included, on an immediate clock).
@MainActor
@Suite struct SampleRecordingInvariantTests {
  @Test(arguments: [11, 12, 13] as [UInt64])
  func counter(seed: UInt64) async throws {
    try await check(Counter(), Counter.State(), seed: seed)
  }

  @Test(arguments: [21, 22, 23] as [UInt64])
  func todos(seed: UInt64) async throws {
    try await check(Todos(), Todos.State(), seed: seed)
  }

  @Test(arguments: [31, 32, 33] as [UInt64])
  func search(seed: UInt64) async throws {
    try await check(Search(), Search.State(), seed: seed)
  }

  @Test(arguments: [41, 42, 43] as [UInt64])
  func app(seed: UInt64) async throws {
    try await check(AppFeature(), AppFeature.State(), seed: seed)
  }

  @Test(arguments: [51, 52, 53] as [UInt64])
  func library(seed: UInt64) async throws {
    try await check(Library(), Library.State(), seed: seed, pace: .seconds(2))
  }

  @Test(arguments: [61, 62, 63] as [UInt64])
  func playlist(seed: UInt64) async throws {
    let songs = Shared(value: IdentifiedArray(uniqueElements: Song.starter))
    try await check(Playlist(), Playlist.State(songs: songs), seed: seed)
  }

  /// A row toggled in the app's to-do tab (an enum case's associated value) is one operation
  /// inside the row, not a replacement of the tab.
  @Test func appRowChangeIsRecordedInsideTheTab() async throws {
    let log = try ActionLog.inMemory()
    let store = Store<AppFeature>(
      initialState: AppFeature.State(),
      reducer: AppFeature().recording(to: log),
      withDependencies: { $0.useTestValues() }
    )
    await store.send(.tab(.todos(.addTodoButtonTapped))).finish()
    guard case let .todos(todos) = store.tab, let id = todos.todos.first?.id else {
      Issue.record("the app should show the to-do list with one row")
      return
    }
    store.send(.tab(.todos(.todos(.element(id: id, action: .titleChanged("Milk"))))))
    try log.close()
    let last = try #require(try log.reader().actions().last)
    #expect(last.patch.map(\.path.description) == ["/tab/todos/_0/todos/0/title"])
  }

  private func check<R: RandomActionGenerating>(
    _ reducer: R, _ initialState: R.State, seed: UInt64, actions: Int = 150,
    pace: Duration? = nil
  ) async throws
  where R.State: ObservableStateProtocol & Codable, R.Action: Codable & Sendable {
    let capture = LiveStates()
    let log = try ActionLog.inMemory()
    // With a pace, effects sleep on a test clock moved by it after each action.
    let clock: any Clock<Duration> = pace == nil ? ImmediateClock() : TestClock()
    let store = Store(
      initialState: initialState,
      reducer: CapturingStates(base: reducer, capture: capture)
        .recording(to: log, snapshotInterval: 16),
      withDependencies: { $0.useTestValues(clock: clock) }
    )
    var rng = SplitMix64(seed: seed)
    for _ in 0..<actions {
      let task = store.send(R.randomAction(for: store.state, using: &rng))
      if let pace, let clock = clock as? TestClock<Duration> {
        await clock.advance(by: pace)
      } else {
        await task.finish()
      }
    }
    if pace != nil { await store.cancelEffects() }
    try log.close()

    let live = capture.all
    let reader = try log.reader()
    let recorded = try reader.actions()
    // The live state after each action, by its index. A shared value an effect changed between
    // two actions is an entry with no live state of its own: the action after it shows it.
    var liveAt = [0: live[0]]
    for action in recorded where !action.isSharedChange {
      try #require(liveAt.count < live.count)
      liveAt[action.index] = live[liveAt.count]
    }
    try #require(liveAt.count == live.count)
    var state = try JSONValue(parsing: Data(live[0].utf8))
    for action in recorded {
      try state.apply(action.patch)
      guard let expected = liveAt[action.index] else { continue }
      #expect(state.serialized() == expected, "\(R.self) seed \(seed), index \(action.index)")
    }
    for action in recorded.reversed() {
      try state.unapply(action.patch)
      guard let expected = liveAt[action.index - 1] else { continue }
      #expect(state.serialized() == expected, "\(R.self) seed \(seed), back to \(action.index - 1)")
    }
    for index in stride(from: 0, through: reader.actionCount, by: 7) {
      guard let expected = liveAt[index] else { continue }
      #expect(try reader.stateJSON(at: index).serialized() == expected, "seek \(index)")
    }
  }
}

/// The JSON of the live state before the first action and after each action.
private final class LiveStates: Sendable {
  private let states = Mutex<[String]>([])

  var all: [String] { states.withLock { $0 } }

  func append(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let json = String(decoding: try! encoder.encode(value), as: UTF8.self)
    states.withLock { $0.append(json) }
  }
}

/// Captures the state around the base reducer, inside the recorder, so that every action the
/// recorder sees (effect-emitted ones too) has its live state.
private struct CapturingStates<Base: Reducer>: Reducer where Base.State: Encodable {
  let base: Base
  let capture: LiveStates

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if capture.all.isEmpty { capture.append(state) }
    let effect = base.reduce(into: &state, action: action)
    capture.append(state)
    return effect
  }
}
