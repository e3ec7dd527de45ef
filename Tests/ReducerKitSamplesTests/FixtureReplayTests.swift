import Foundation
import ReducerKitSamples
import ReducerKitTesting
import Testing

/// The recorded sessions in `Fixtures/` replayed through today's reducers: a change in a
/// sample's behaviour fails the replay at the first action whose state differs, naming it.
///
/// `Fixtures/README.md` tells how the sessions were made and what to do when a sample's
/// behaviour changes on purpose.
@Suite("Recorded sessions", .timeLimit(.minutes(1)))
struct FixtureReplayTests {
  @Test func counterSessionReplays() throws {
    assertReplays(path: try fixturePath("counter"), reducer: Counter())
  }

  @Test func todosSessionReplays() throws {
    assertReplays(path: try fixturePath("todos"), reducer: Todos())
  }

  @Test func searchSessionReplays() throws {
    assertReplays(path: try fixturePath("search"), reducer: Search())
  }

  @Test func appSessionReplays() throws {
    assertReplays(path: try fixturePath("app"), reducer: AppFeature())
  }

  /// Pushes, pops, sheets, an alert and a clock's ticks, with the stack ids fed back.
  @Test func librarySessionReplays() throws {
    assertReplays(path: try fixturePath("library"), reducer: Library())
  }

  /// A list and a player holding one song, the player's effect changing it with `withLock`:
  /// those changes are entries of their own, made again by the replay.
  @Test func playlistSessionReplays() throws {
    assertReplays(path: try fixturePath("playlist"), reducer: Playlist())
  }

  @Test func eachFixtureIsOneSessionOfItsFeature() throws {
    let names = [Counter.name, Todos.name, Search.name, AppFeature.name, Library.name, Playlist.name]
    for feature in names {
      let sessions = try ActionLog.readOnly(path: try fixturePath(feature)).sessions()
      #expect(sessions.map(\.feature) == [feature])
      #expect((200...500).contains(sessions.first?.actionCount ?? 0), "\(feature)")
    }
  }

  @Test func aChangedBehaviourFailsAtTheActionWhereItChanged() throws {
    // In the recorded session the first sort that moves a row is action 17, sent by the delayed
    // sort effect that action 16 (a check box) returned.
    let path = try fixturePath("todos")
    withKnownIssue {
      assertReplays(path: path, reducer: TodosThatNeverSort())
    } matching: { issue in
      issue.description.contains(
        """
        Replay of session 1 ("todos") diverged at action 17: …

          Action 17: Todos.Action.sortCompletedTodos
          Sent by: effect 5, returned for action 16
        """
      ) && issue.description.contains("(Expected: −, Actual: +)")
    }
  }

  /// The path of `Fixtures/NAME.sqlite` in the test bundle.
  func fixturePath(_ name: String) throws -> String {
    try #require(
      Bundle.module.path(forResource: name, ofType: "sqlite", inDirectory: "Fixtures"),
      "Fixtures/\(name).sqlite is missing from the test bundle"
    )
  }
}

/// `Todos` with a changed behaviour: completed rows are never sorted to the bottom.
private struct TodosThatNeverSort: Reducer {
  let todos = Todos()

  func reduce(into state: inout Todos.State, action: Todos.Action) -> Effect<Todos.Action> {
    if case .sortCompletedTodos = action { return .none }
    return todos.reduce(into: &state, action: action)
  }
}
