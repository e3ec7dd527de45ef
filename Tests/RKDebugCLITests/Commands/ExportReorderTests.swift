import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitTestSupport
import Testing

/// Swaps, moves and sorts of an identified collection are logged as `move`s of the rows that
/// moved, not as a replacement of the collection, and the export rebuilds every state with a
/// third-party JSON Patch library (Python's `jsonpatch`).
@Suite struct ExportReorderTests {
  /// Forty named rows that are swapped, moved, sorted and renamed.
  struct Lineup: Reducer {
    @ObservableState
    struct State: Equatable, Codable {
      var rows: IdentifiedArrayOf<Row> = IdentifiedArray(
        uniqueElements: (0..<40).map { Row(id: $0, name: "Row \(($0 * 7) % 40)") }
      )
    }

    struct Row: Equatable, Codable, Identifiable {
      var id: Int
      var name: String
    }

    @CasePathable
    enum Action: Equatable, Codable {
      case swap(Int, Int)
      case move(from: Int, to: Int)
      case sortByName
      case rename(id: Int, String)
      case reverse
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .swap(first, second):
        state.rows.swapAt(first, second)
      case let .move(from, to):
        state.rows.move(fromOffsets: IndexSet(integer: from), toOffset: to)
      case .sortByName:
        state.rows.sort { $0.name < $1.name }
      case let .rename(id, name):
        state.rows[id: id]?.name = name
      case .reverse:
        state.rows.reverse()
      }
      return .none
    }
  }

  static let actions: [Lineup.Action] = [
    .swap(0, 39), .move(from: 3, to: 20), .rename(id: 5, "Fifth"), .swap(10, 11),
    .move(from: 30, to: 0), .sortByName, .swap(2, 38), .reverse, .move(from: 39, to: 1),
  ]

  static let script = """
    import json, sys, jsonpatch
    lines = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
    state = lines[0]["initialState"]
    states = []
    for line in lines[1:]:
        if line["type"] == "action":
            state = jsonpatch.apply_patch(state, line["patch"])
            states.append(state)
    json.dump(states, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
    """

  @MainActor
  @Test func aSwapOfTheFirstAndLastRowIsTwoMoves() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(Lineup(), initialState: Lineup.State(), actions: Self.actions)
    }
    let reader = try ActionLog.readOnly(path: log.path).reader()
    let patches = try reader.actions().map(\.patch)
    #expect(
      patches[0].map { "\($0.op.rawValue) \($0.from?.description ?? "") \($0.path)" }
        == ["move /rows/39 /rows/0", "move /rows/1 /rows/39"]
    )
    // A move of one row is one move; no reordering replaces the whole collection.
    #expect(patches[1].map(\.op) == [.move])
    #expect(patches.allSatisfy { $0.allSatisfy { $0.path.description != "/rows" } })
    // Forwards and backwards from the snapshots, every state is the live one.
    for index in 0...reader.actionCount {
      let backwards = try reader.stateJSON(at: index)
      var forwards = try reader.stateJSON(at: 0)
      for patch in patches.prefix(index) { try forwards.apply(patch) }
      #expect(forwards.isEquivalent(to: backwards), "at \(index)")
    }
  }

  @MainActor
  @Test(.enabled(if: Python.hasJSONPatch, "needs python3 with jsonpatch"))
  func jsonpatchRebuildsEveryStateFromTheExport() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(Lineup(), initialState: Lineup.State(), actions: Self.actions)
    }
    let export = log.directory.path("lineup.jsonl")
    let run = try log.run(["export", "-o", export])
    #expect(run.status == 0, "\(run.stderr)")
    let output = log.directory.path("states.json")
    let script = log.directory.path("rebuild.py")
    try Data(Self.script.utf8).write(to: URL(fileURLWithPath: script))
    let failure = Python.run([script, export, output])
    try #require(failure == nil, "python3 failed: \(failure ?? "")")
    let states = try #require(
      try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: output))).arrayValue
    )
    let reader = try ActionLog.readOnly(path: log.path).reader()
    try #require(states.count == reader.actionCount)
    for (offset, state) in states.enumerated() {
      #expect(state.isEquivalent(to: try reader.stateJSON(at: offset + 1)), "at \(offset + 1)")
    }
  }
}
