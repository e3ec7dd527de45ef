import Foundation
import IdentifiedCollections
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// The places of a session's shared values, as the log numbers them (`shares`): the recorder
/// writes the initial state's and those each action adds, and a reader follows them through
/// the operations that move and drop values.
@MainActor
@Suite struct SharePlacesTests {
  @Reducer
  struct Board {
    @ObservableState
    struct State: Equatable, Codable {
      @Shared var rows: IdentifiedArrayOf<Row>
      var details: [Detail] = []
    }

    struct Row: Equatable, Codable, Identifiable {
      var id: Int
      var title: String
    }

    struct Detail: Equatable, Codable {
      @Shared var row: Row
    }

    enum Action: Equatable, Codable {
      case open(Int)
      case closeFirst
      case rename(Int, String)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .open(id):
          if let row = Shared(state.$rows[id: id]) { state.details.append(Detail(row: row)) }
          return .none
        case .closeFirst:
          state.details.removeFirst()
          return .none
        case let .rename(id, title):
          state.$rows.withLock { $0[id: id]?.title = title }
          return .none
        }
      }
    }
  }

  private func record(_ actions: [Board.Action]) throws -> SessionReader {
    let log = try ActionLog.inMemory()
    let rows: IdentifiedArrayOf<Board.Row> = [.init(id: 1, title: "A"), .init(id: 2, title: "B")]
    let store = Store<Board>(
      initialState: Board.State(rows: Shared(value: rows)), reducer: Board().recording(to: log))
    for action in actions { store.send(action) }
    try log.close()
    return try log.reader()
  }

  private typealias Place = SharedLinker.Place

  @Test func theRecorderNumbersTheInitialPlacesAndThoseAnActionAdds() throws {
    let reader = try record([.open(2), .rename(2, "Bee"), .open(1)])
    #expect(
      try SharePlaces.entries(in: reader.reads(at: 0))
        == [SharePlaces.Entry(op: nil, path: ["rows"], share: 1, whole: true)])
    #expect(
      try reader.sharePlaceEntries(in: 1...3) == [
        1: [SharePlaces.Entry(op: 0, path: ["details", "0", "row"], share: 1, whole: false)],
        3: [SharePlaces.Entry(op: 0, path: ["details", "1", "row"], share: 1, whole: false)],
      ])
    // The rename replaces the row at both places (a row is no observable state): a change of
    // the shared value, which the places keep.
    #expect(
      try reader.sharePlaces(at: 2)?.places == [
        ["rows"]: SharedLinker.Place(share: 1, isWhole: true),
        ["details", "0", "row"]: SharedLinker.Place(share: 1, isWhole: false),
      ])
    // Not a read of the reducer's: a replay passes without it on its tape.
    #expect(try reader.reads(at: 1).dependencyReads.isEmpty)
    #expect(try ReplayEngine(reader: reader, reducer: Board()).run().divergence == nil)
  }

  @Test func aReaderFollowsThePlacesThroughTheOperations() throws {
    let reader = try record([.open(2), .open(1), .closeFirst, .closeFirst])
    let rows = Place(share: 1, isWhole: true)
    let part = Place(share: 1, isWhole: false)
    #expect(try reader.sharePlaces(at: 0)?.places == [["rows"]: rows])
    #expect(
      try reader.sharePlaces(at: 2)?.places
        == [["rows"]: rows, ["details", "0", "row"]: part, ["details", "1", "row"]: part])
    // The first detail closed: the second is the first now.
    #expect(
      try reader.sharePlaces(at: 3)?.places == [["rows"]: rows, ["details", "0", "row"]: part])
    #expect(try reader.sharePlaces(at: 4)?.places == [["rows"]: rows])
  }

  @Test func placesFollowMovesAndInsertionsInArrays() throws {
    var state = try JSONValue(parsing: #"{"a":[{"s":1},{"s":2},{"s":3}],"b":{"s":4}}"#)
    var places = SharePlaces(entries: [
      .init(op: nil, path: ["a", "0", "s"], share: 1, whole: true),
      .init(op: nil, path: ["a", "1", "s"], share: 2, whole: true),
      .init(op: nil, path: ["a", "2", "s"], share: 3, whole: true),
      .init(op: nil, path: ["b", "s"], share: 4, whole: true),
    ])
    func place(_ share: Int) -> Place { Place(share: share, isWhole: true) }
    try places.apply(
      [
        .move(from: JSONPointer(tokens: ["a", "0"]), to: JSONPointer(tokens: ["a", "2"])),
        .add(JSONPointer(tokens: ["a", "1"]), value: try JSONValue(parsing: #"{"s":5}"#)),
        .replace(JSONPointer(tokens: ["b"]), value: .null, oldValue: .null),
      ],
      to: &state,
      adding: [.init(op: 1, path: ["a", "1", "s"], share: 5, whole: false)])
    #expect(state == (try JSONValue(parsing: #"{"a":[{"s":2},{"s":5},{"s":3},{"s":1}],"b":null}"#)))
    #expect(
      places.places == [
        ["a", "0", "s"]: place(2), ["a", "1", "s"]: Place(share: 5, isWhole: false),
        ["a", "2", "s"]: place(3), ["a", "3", "s"]: place(1),
      ])
  }
}
