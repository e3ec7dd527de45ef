import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

// The shared-state example of README.md, word for word (the test below checks it).
@Reducer
struct Roster {
  @ObservableState
  struct State: Equatable, Codable {
    @Shared var players: IdentifiedArrayOf<Player>
    var editing: PlayerEditor.State?
  }

  enum Action: Equatable, Codable {
    case addPlayer(Player)
    case edit(Player.ID)
    case editing(PlayerEditor.Action)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addPlayer(let player):
        state.$players.withLock { _ = $0.append(player) }
        return .none
      case .edit(let id):
        guard let player = Shared(state.$players[id: id]) else { return .none }
        state.editing = PlayerEditor.State(player: player)  // holds the same row
        return .none
      case .editing:
        return .none
      }
    }
    .ifLet(\.editing, action: \.editing) { PlayerEditor() }
  }
}

@Reducer
struct PlayerEditor {
  @ObservableState
  struct State: Equatable, Codable {
    @Shared var player: Player
  }

  enum Action: Equatable, Codable {
    case rename(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rename(let name):
        state.$player.withLock { $0.name = name }  // the roster's row changes too
        return .none
      }
    }
  }
}

struct Player: Equatable, Codable, Identifiable, Sendable {
  var id: Int
  var name: String
}

/// README's `@Shared` example compiles, behaves as the README says, and is in the README word
/// for word.
@MainActor
@Suite struct ReadmeSharedStateTests {
  @Test func theReadmesTestPasses() async {
    let store = TestStore(initialState: Roster.State(players: Shared(value: []))) { Roster() }
    await store.send(.addPlayer(Player(id: 1, name: "Blob"))) {
      $0.$players.withLock { $0 = [Player(id: 1, name: "Blob")] }
    }
  }

  @Test func theEditorAndTheRosterHoldOneRow() async {
    let store = TestStore(initialState: Roster.State(players: Shared(value: []))) { Roster() }
    await store.send(.addPlayer(Player(id: 1, name: "Blob"))) {
      $0.$players.withLock { $0 = [Player(id: 1, name: "Blob")] }
    }
    await store.send(.edit(1)) {
      $0.editing = PlayerEditor.State(player: Shared($0.$players[id: 1])!)
    }
    await store.send(.editing(.rename("Blob Jr."))) {
      $0.$players.withLock { $0[id: 1]?.name = "Blob Jr." }
    }
    #expect(store.state.editing?.player.name == "Blob Jr.")
  }

  @Test func theReadmeShowsThisFilesExampleWordForWord() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let start = try #require(source.range(of: "@Reducer\nstruct Roster {"))
    let end = try #require(
      source.range(of: "\nstruct Player:", range: start.upperBound..<source.endIndex)
    )
    #expect(readme.contains(String(source[start.lowerBound..<end.lowerBound])))
    let test = try #require(source.range(of: "    let store = TestStore(initialState: Roster"))
    let testEnd = try #require(source.range(of: "  }\n", range: test.upperBound..<source.endIndex))
    let lines = source[test.lowerBound..<testEnd.lowerBound].split(separator: "\n")
    #expect(readme.contains(lines.map { $0.dropFirst(4) }.joined(separator: "\n")))
  }
}
