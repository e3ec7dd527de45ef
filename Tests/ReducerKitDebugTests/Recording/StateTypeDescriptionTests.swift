import CasePaths
import IdentifiedCollections
import ReducerKit
import Testing

@testable import ReducerKitDebug

/// The differ chooses, once per state type and from each property's declared type, how to diff
/// it: scalars typed, nested states looked inside, identified arrays at the rows the `forEach`
/// journal names, anything else compared and diffed dynamically.
@Suite(.serialized) struct StateTypeDescriptionTests {
  @ObservableState
  struct Row: Equatable, Codable, Identifiable {
    var id: Int
    var title = ""
  }

  /// A row that is not an observable state, which counts its comparisons.
  struct PlainRow: Equatable, Codable, Identifiable {
    var id: Int
    var votes = 0

    nonisolated(unsafe) static var comparisons = 0

    static func == (lhs: Self, rhs: Self) -> Bool {
      comparisons += 1
      return lhs.id == rhs.id && lhs.votes == rhs.votes
    }
  }

  @ObservableState
  struct Screen: Equatable, Codable {
    var count = 0
    var title = ""
    var isOn = false
    var ratio = 0.5
    var row = Row(id: 0)
    var rows: IdentifiedArrayOf<Row> = []
    var plainRows: IdentifiedArrayOf<PlainRow> = []
    var selection: Int?
    var tags: [String] = []
    @ObservationStateIgnored var cache = 0
    var notEncoded = 0

    enum CodingKeys: String, CodingKey {
      case count, title, isOn = "on", ratio, row, rows, plainRows, selection, tags, cache
    }
  }

  @Test func eachPropertyIsDiffedTheWayItsTypeAllows() {
    let description = StateTypeDescription<Screen>()
    let ways = description.diffs.map { diff in
      switch diff {
      case .compared: "compared"
      case .nested: "nested"
      case .rows: "rows"
      }
    }
    #expect(
      zip(description.names, ways).map { "\($0) \($1)" } == [
        "count compared", "title compared", "on compared", "ratio compared", "row nested",
        "rows rows", "plainRows rows", "selection compared", "tags compared", "cache compared",
      ]
    )
  }

  @Test func eachChangedPropertyIsFoundAtItsPath() throws {
    var new = Screen()
    new.count = 3
    new.title = "Title"
    new.isOn = true
    new.ratio = 1
    new.row.title = "Row"
    new.rows = [Row(id: 1)]
    new.plainRows = [PlainRow(id: 1)]
    new.selection = 1
    new.tags = ["a"]
    new.cache = 9
    new.notEncoded = 9
    let patch = try StateDiffer.changes(from: Screen(), to: new)
      .compactJSON(using: JSONFragmentEncoder())
    #expect(
      patch == """
        [["=","/count",3,0],["=","/title","Title",""],["=","/on",true,false],\
        ["=","/ratio",1,0.5],["=","/row/title","Row",""],["+","/rows/0",{"id":1,"title":""}],\
        ["+","/plainRows/0",{"id":1,"votes":0}],["+","/selection",1],["+","/tags/0","a"],\
        ["=","/cache",9,0]]
        """
    )
    // Nothing changed, nothing found, though the nested state and the rows are looked inside.
    #expect(try StateDiffer.changes(from: new, to: new).isEmpty)
  }

  /// A state whose properties the key paths read: a conformance written by hand, listing a
  /// computed property, which has no offset in the state's storage.
  struct Manual: ObservableStateProtocol, Codable {
    var storedCount = 0
    var count: Int { storedCount }

    static var _$observableProperties: [ObservableProperty<Self>] {
      [ObservableProperty("count", \Self.count)]
    }
  }

  @Test func aComputedPropertyIsReadThroughItsKeyPath() throws {
    let patch = try StateDiffer.changes(from: Manual(), to: Manual(storedCount: 2))
      .compactJSON(using: JSONFragmentEncoder())
    #expect(patch == #"[["=","/count",2,0]]"#)
  }

  struct Rows: Reducer {
    struct Rename: Reducer {
      func reduce(into state: inout Row, action: String) -> Effect<String> {
        state.title = action
        return .none
      }
    }

    struct Vote: Reducer {
      func reduce(into state: inout PlainRow, action: String) -> Effect<String> {
        state.votes += 1
        return .none
      }
    }

    @CasePathable
    enum Action {
      case rows(IdentifiedAction<Int, String>)
      case plainRows(IdentifiedAction<Int, String>)
    }

    var body: some Reducer<Screen, Action> {
      EmptyReducer()
        .forEach(\.rows, action: \.rows) { Rename() }
        .forEach(\.plainRows, action: \.plainRows) { Vote() }
    }
  }

  /// Rows of either kind are diffed only where the journal says `forEach` ran. A row is
  /// compared by its bytes first (``ExactEquality``): only the changed one reaches `==`, with
  /// the journal or without it.
  @Test func rowsAreDiffedWhereTheJournalSays() throws {
    var old = Screen()
    old.rows = [Row(id: 1), Row(id: 2), Row(id: 3)]
    old.plainRows = IdentifiedArray(uniqueElements: (1...10).map { PlainRow(id: $0) })
    var new = old
    let journal = ElementChangeJournal()
    _ = ElementChangeJournal.withCurrent(journal) {
      _ = Rows().reduce(into: &new, action: .rows(.element(id: 3, action: "Third")))
      return Rows().reduce(into: &new, action: .plainRows(.element(id: 9, action: "")))
    }
    PlainRow.comparisons = 0
    let patch = try StateDiffer.changes(from: old, to: new, journal: journal)
      .compactJSON(using: JSONFragmentEncoder())
    #expect(
      patch
        == #"[["=","/rows/2/title","Third",""],"#
        + #"["=","/plainRows/8",{"id":9,"votes":1},{"id":9,"votes":0}]]"#
    )
    #expect(PlainRow.comparisons == 1)
    // Without the journal, the same patch, from comparing the rows.
    PlainRow.comparisons = 0
    let compared = try StateDiffer.changes(from: old, to: new)
      .compactJSON(using: JSONFragmentEncoder())
    #expect(compared == patch)
    #expect(PlainRow.comparisons == 1)
  }
}
