import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@MainActor
@Suite("Random actions", .timeLimit(.minutes(1)))
struct RandomActionTests {
  @Test func splitMix64MatchesTheReferenceSequence() {
    var rng = SplitMix64(seed: 0)
    #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
    #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(rng.next() == 0x06C4_5D18_8009_454F)
  }

  @Test func splitMix64IsDeterministicPerSeed() {
    var a = SplitMix64(seed: 42)
    var b = SplitMix64(seed: 42)
    var c = SplitMix64(seed: 43)
    let first = (0..<100).map { _ in a.next() }
    #expect(first == (0..<100).map { _ in b.next() })
    #expect(first != (0..<100).map { _ in c.next() })
  }

  @Test func sameSeedSameActions() async {
    let first = await runRandomActions(
      AppFeature(), from: AppFeature.State(), count: 300, seed: 7
    )
    let second = await runRandomActions(
      AppFeature(), from: AppFeature.State(), count: 300, seed: 7
    )
    let other = await runRandomActions(
      AppFeature(), from: AppFeature.State(), count: 300, seed: 8
    )
    #expect(first.actions == second.actions)
    #expect(first.states == second.states)
    #expect(first.actions != other.actions)
  }

  @Test func sameSeedSameActionsForAFixedState() {
    var state = Todos.State()
    state.todos.append(Todo.State(id: UUID(0)))
    state.todos.append(Todo.State(id: UUID(1), isComplete: true))
    var a = SplitMix64(seed: 99)
    var b = SplitMix64(seed: 99)
    let first = (0..<50).map { _ in Todos.randomAction(for: state, using: &a) }
    let second = (0..<50).map { _ in Todos.randomAction(for: state, using: &b) }
    #expect(first == second)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func counterActionsAreValid(seed: UInt64) async {
    let run = await runRandomActions(
      Counter(), from: Counter.State(), count: 500, seed: seed
    )
    #expect(run.warnings == [])
    #expect(Set(run.actions.map(\.caseName)).isSuperset(of: ["increment", "factButtonTapped"]))
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func todosActionsAreValid(seed: UInt64) async {
    let run = await runRandomActions(
      Todos(), from: Todos.State(), count: 500, seed: seed
    )
    #expect(run.warnings == [])
    let kinds = Set(run.actions.map(\.caseName))
    #expect(
      kinds == [
        "addTodoButtonTapped", "todos", "delete", "move", "filterPicked",
        "clearCompletedButtonTapped",
      ])
    #expect(run.states.contains { $0.todos.contains(where: \.isComplete) })
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func searchActionsAreValid(seed: UInt64) async {
    let run = await runRandomActions(
      Search(), from: Search.State(), count: 500, seed: seed
    )
    #expect(run.warnings == [])
    #expect(run.states.contains { $0.selectedResult != nil })
    for state in run.states where !state.isSearching {
      #expect(state.results == SearchClient.results(for: state.query))
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func appActionsAreValid(seed: UInt64) async {
    let run = await runRandomActions(
      AppFeature(), from: AppFeature.State(), count: 500, seed: seed
    )
    #expect(run.warnings == [])
    #expect(run.states.contains { $0.search != nil })
    #expect(run.states.contains { $0.tab.settings != nil })
    #expect(run.states.contains { ($0.tab.todos?.todos.count ?? 0) > 1 })
  }

  /// Pushes, pops, sheets and the alert all happen, and every action is valid for its state
  /// (no action for a screen or a sheet that is not there).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func libraryActionsAreValid(seed: UInt64) async {
    let run = await runRandomActions(
      Library(), from: Library.State(), count: 400, seed: seed, pace: .seconds(2))
    #expect(run.warnings == [])
    #expect(run.states.contains { $0.path.count >= 2 })
    #expect(run.states.contains { $0.addBook != nil })
    #expect(run.states.contains { $0.path.contains { $0.detail?.destination?.alert != nil } })
    #expect(run.states.contains { $0.path.contains { ($0.reading?.secondsRead ?? 0) > 0 } })
  }

  /// Songs are added, removed, opened, played, marked and closed, and every action is valid
  /// for its state (no player action without a player).
  @Test(arguments: [1, 2, 3] as [UInt64])
  func playlistActionsAreValid(seed: UInt64) async {
    let run = await runRandomActions(
      Playlist(), from: Playlist.State(songs: Shared(value: IdentifiedArray(uniqueElements: Song.starter))),
      count: 300, seed: seed)
    #expect(run.warnings == [])
    // Every state of the run holds the one shared list as it is now: the actions tell the rest.
    #expect(run.actions.contains(.addSongButtonTapped))
    #expect(run.actions.contains { if case .removeSong = $0 { true } else { false } })
    #expect(run.actions.contains(.player(.presented(.favoriteButtonTapped))))
    #expect(run.actions.contains(.player(.dismiss)))
    #expect(run.states.last?.songs.contains { $0.secondsPlayed > 0 } == true)
  }

  @Test func featureNamesAreDistinct() {
    let names = [Counter.name, Todos.name, Search.name, AppFeature.name, Library.name, Playlist.name]
    #expect(names == ["counter", "todos", "search", "app", "library", "playlist"])
  }
}

extension Counter.Action {
  /// The name of the case, for checking which kinds of action a run produced.
  var caseName: String { String(String(describing: self).prefix { $0 != "(" }) }
}

extension Todos.Action {
  /// The name of the case, for checking which kinds of action a run produced.
  var caseName: String { String(String(describing: self).prefix { $0 != "(" }) }
}
