import Foundation
import ReducerKit
import ReducerKitSamples
import Testing

@testable import RKDebugCLI
@testable import ReducerKitDebug

/// A feature whose reducer reads live `uuid()`, `date.now` and random numbers (Todos gives each
/// new row an id, a creation date and a random colour) is recorded in one process and replays
/// exactly in another; a changed reducer is reported at the action where it changed.
@Suite struct NondeterministicReplayTests {
  /// Records `rkdebug record --feature todos --random 120` with `extra` arguments in a new
  /// folder.
  private func recordTodos(_ extra: [String], seed: Int = 5) throws -> TemporaryDirectory {
    let scratch = try TemporaryDirectory()
    let run = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--random", "120", "--seed", "\(seed)"] + extra,
      in: scratch.url
    )
    #expect(run.status == 0, "\(run.stderr)")
    return scratch
  }

  /// The indices of the session's `addTodoButtonTapped` actions.
  private func addIndices(in scratch: TemporaryDirectory) throws -> [Int] {
    let reader = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
    return try reader.actions().filter { $0.label.hasSuffix("addTodoButtonTapped") }.map(\.index)
  }

  @Test func aLiveRecordingReplaysExactlyInAnotherProcess() throws {
    let scratch = try recordTodos(["--live"])
    let state = try JSONValue(parsing: try RKDebugProcess.run(
      ["state", "--at", "120", "--json"], in: scratch.url
    ).stdout)
    let ids = try #require(state["todos"]?.arrayValue).compactMap { $0["id"]?.stringValue }
    #expect(!ids.isEmpty)
    // Live ids, not the seeded count from 00000000-0000-0000-0000-000000000000.
    #expect(ids.allSatisfy { !$0.hasPrefix("00000000-0000-0000-0000-") })

    let before = try scratch.fingerprint()
    let replay = try RKDebugProcess.run(["replay"], in: scratch.url)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("every state matches the log"))
    let bisect = try RKDebugProcess.run(["bisect", "--divergence"], in: scratch.url)
    #expect(bisect.status == 0, "\(bisect.stderr)")
    #expect(bisect.stdout.hasPrefix("the current reducer agrees with all"))
    #expect(try scratch.fingerprint() == before)
  }

  @Test func theSameSeedGivesTheSameSessionIdsAndDatesIncluded() throws {
    func finalState(_ scratch: TemporaryDirectory) throws -> String {
      try RKDebugProcess.run(["state", "--at", "120", "--json"], in: scratch.url).stdout
    }
    let first = try finalState(try recordTodos([]))
    let second = try finalState(try recordTodos([]))
    #expect(first == second)
    #expect(first.contains(#""id":"00000000-0000-0000-0000-0000000000"#))
    #expect(try finalState(try recordTodos(["--live"])) != first)
  }

  @Test func theRecordedValuesAreExportedAndImported() throws {
    let scratch = try recordTodos(["--live"])
    let export = try RKDebugProcess.run(["export", "-o", "todos.jsonl"], in: scratch.url)
    #expect(export.status == 0, "\(export.stderr)")
    let lines = try String(contentsOfFile: scratch.path("todos.jsonl"), encoding: .utf8)
      .split(separator: "\n")
    let session = try JSONValue(parsing: String(lines[0]))
    #expect(session["inputs"]?.arrayValue?.count == 3)
    let add = try #require(try addIndices(in: scratch).first)
    let addLine = try #require(
      try lines.map { try JSONValue(parsing: String($0)) }
        .first { $0["type"] == "action" && $0["index"] == JSONValue(add) }
    )
    #expect(
      addLine["inputs"]?.arrayValue?.compactMap { $0.arrayValue?.first?.stringValue }
        == ["random", "uuid", "date"]
    )
    let imported = try RKDebugProcess.run(
      ["import", "todos.jsonl", "--db", "copy.sqlite"], in: scratch.url
    )
    #expect(imported.status == 0, "\(imported.stderr)")
    let replay = try RKDebugProcess.run(["replay", "--db", "copy.sqlite"], in: scratch.url)
    #expect(replay.status == 0, "\(replay.stderr)")
    #expect(replay.stdout.contains("every state matches the log"))
  }

  // MARK: - A changed reducer, registered as a user's own rkdebug registers it

  /// Todos after a one-line change: new rows get a title.
  struct TitledTodos: Reducer {
    let todos = Todos()
    func reduce(into state: inout Todos.State, action: Todos.Action) -> Effect<Todos.Action> {
      let effect = todos.reduce(into: &state, action: action)
      if action == .addTodoButtonTapped { state.todos[0].title = "New" }
      return effect
    }
  }

  /// Todos after a one-line change: adding a row draws one more id.
  struct TwiceDrawnTodos: Reducer {
    let todos = Todos()
    @Dependency(\.uuid) var uuid
    func reduce(into state: inout Todos.State, action: Todos.Action) -> Effect<Todos.Action> {
      let effect = todos.reduce(into: &state, action: action)
      if action == .addTodoButtonTapped { _ = uuid() }
      return effect
    }
  }

  private func replay<R: Reducer>(
    _ scratch: TemporaryDirectory, with reducer: @escaping @Sendable () -> R
  ) throws -> ReplayDivergence?
  where R.State == Todos.State, R.Action == Todos.Action {
    let feature = DebugFeature.feature(
      Todos.name, summary: "Changed todos", reducer: reducer, initialState: { Todos.State() }
    )
    let reader = try ActionLog.readOnly(path: scratch.path("rkdebug.sqlite")).reader()
    return try feature.erased.replayer(for: reader).run(to: nil, skipping: [], progress: nil)
      .divergence
  }

  @Test func aChangedStateIsReportedAtTheFirstAddWithADiff() throws {
    let scratch = try recordTodos(["--live"])
    let divergence = try #require(try replay(scratch) { TitledTodos() })
    #expect(divergence.index == (try addIndices(in: scratch).first))
    #expect(divergence.inputMismatch == nil)
    #expect(divergence.difference.diff.contains(#"+       title: "New","#))
    #expect(divergence.difference.diff.contains(#"-       title: "","#))
  }

  @Test func anExtraReadIsReportedAtTheFirstAddNamingTheDependency() throws {
    let scratch = try recordTodos(["--live"])
    let add = try #require(try addIndices(in: scratch).first)
    let divergence = try #require(try replay(scratch) { TwiceDrawnTodos() })
    #expect(divergence.index == add)
    #expect(
      divergence.inputMismatch == "action \(add) read `uuid` twice; the recording has one value"
    )
    #expect(
      ReplayReport.divergenceText(divergence).contains(
        "the dependencies differ: action \(add) read `uuid` twice; the recording has one value"
      )
    )
  }
}
