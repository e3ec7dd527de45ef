import IdentifiedCollections
import ReducerKit
import Testing

/// The `_$visitProperties` the macro generates calls, for each property, the `visit` overload
/// of its declared type, under its coding key.
@Suite struct ObservableStateVisitorTests {
  @ObservableState
  struct Row: Equatable, Codable, Identifiable {
    var id: Int
    var title = ""
  }

  /// A row that is not an observable state.
  struct PlainRow: Equatable, Codable, Identifiable {
    var id: Int
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

  /// Notes each call as "overload name".
  struct CallRecorder: ObservableStateVisitor {
    var calls: [String] = []

    mutating func visit<Value>(_ name: String, _ old: Value, _ new: Value) {
      calls.append("any \(name)")
    }
    mutating func visit<Value: Equatable>(_ name: String, _ old: Value, _ new: Value) {
      calls.append("equatable \(name)")
    }
    mutating func visit<Wrapped: Equatable>(_ name: String, _ old: Wrapped?, _ new: Wrapped?) {
      calls.append("optional \(name)")
    }
    mutating func visit<Value: ObservableStateProtocol>(
      _ name: String, _ old: Value, _ new: Value
    ) {
      calls.append("state \(name)")
    }
    mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
      _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
    ) {
      calls.append("rows \(name)")
    }
    mutating func visit<ID: Hashable, Element: Equatable>(
      _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
    ) {
      calls.append("plain-rows \(name)")
    }
    mutating func visit(_ name: String, _ old: Int, _ new: Int) {
      calls.append("int \(name) \(old)→\(new)")
    }
    mutating func visit(_ name: String, _ old: String, _ new: String) {
      calls.append("string \(name)")
    }
    mutating func visit(_ name: String, _ old: Bool, _ new: Bool) {
      calls.append("bool \(name)")
    }
    mutating func visit(_ name: String, _ old: Double, _ new: Double) {
      calls.append("double \(name)")
    }
  }

  @Test func eachChangedPropertyReachesTheOverloadOfItsType() {
    var recorder = CallRecorder()
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
    #expect(Screen._$visitProperties(Screen(), new, with: &recorder))
    #expect(
      recorder.calls == [
        "int count 0→3", "string title", "bool on", "double ratio", "state row", "rows rows",
        "plain-rows plainRows", "optional selection", "equatable tags", "int cache 0→9",
      ]
    )
    // The same properties, names and order as the list the recorder falls back on.
    #expect(
      recorder.calls.map { $0.split(separator: " ")[1] }.map(String.init)
        == Screen._$observableProperties.map(\.name)
    )
  }

  /// Unchanged `Equatable` properties are compared where their types are known and skipped;
  /// nested states and identified arrays are handed over anyway, for the visitor to look inside
  /// them without comparing every row.
  @Test func unchangedPropertiesAreSkippedButContainersAreHandedOver() {
    var recorder = CallRecorder()
    var new = Screen()
    new.selection = 2
    #expect(Screen._$visitProperties(Screen(), new, with: &recorder))
    #expect(
      recorder.calls == ["state row", "rows rows", "plain-rows plainRows", "optional selection"]
    )
  }

  /// Notes the journal's answer for the rows, from the identities of their storage the
  /// generated code hands over.
  struct RowsJournalReader: ObservableStateVisitor {
    let journal: ElementChangeJournal
    var answers: [String: [Int]?] = [:]

    mutating func visit<Value>(_ name: String, _ old: Value, _ new: Value) {}
    mutating func visit<Value: Equatable>(_ name: String, _ old: Value, _ new: Value) {}
    mutating func visit<Wrapped: Equatable>(_ name: String, _ old: Wrapped?, _ new: Wrapped?) {}
    mutating func visit<Value: ObservableStateProtocol>(
      _ name: String, _ old: Value, _ new: Value
    ) {}
    mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
      _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
    ) {
      Issue.record("the rows arrived without the identities of their storage")
    }
    mutating func visit<ID: Hashable, Element: ObservableStateProtocol>(
      _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>,
      storage: (old: CollectionStorageID, new: CollectionStorageID)
    ) {
      answers[name] = journal.changedIndices(from: storage.old, to: storage.new)
      // The same answer as from the collections themselves.
      #expect(journal.changedIndices(from: old, to: new) == answers[name]!)
    }
    mutating func visit<ID: Hashable, Element: Equatable>(
      _ name: String, _ old: IdentifiedArray<ID, Element>, _ new: IdentifiedArray<ID, Element>
    ) {}
    mutating func visit(_ name: String, _ old: Int, _ new: Int) {}
    mutating func visit(_ name: String, _ old: String, _ new: String) {}
    mutating func visit(_ name: String, _ old: Bool, _ new: Bool) {}
    mutating func visit(_ name: String, _ old: Double, _ new: Double) {}
  }

  /// Rows of observable states arrive with the identities of their storage, which lead the
  /// journal to the row `forEach` ran on.
  @Test func rowsArriveWithTheIdentitiesOfTheirStorage() {
    struct Rename: Reducer {
      func reduce(into state: inout Row, action: String) -> Effect<String> {
        state.title = action
        return .none
      }
    }
    struct Rows: Reducer {
      var body: some Reducer<Screen, IdentifiedAction<Int, String>> {
        EmptyReducer().forEach(\.rows, action: \.self) { Rename() }
      }
    }
    var old = Screen()
    old.rows = [Row(id: 1), Row(id: 2), Row(id: 3)]
    var new = old
    let journal = ElementChangeJournal()
    _ = ElementChangeJournal.withCurrent(journal) {
      Rows().reduce(into: &new, action: .element(id: 3, action: "Third"))
    }
    var reader = RowsJournalReader(journal: journal)
    #expect(Screen._$visitProperties(old, new, with: &reader))
    #expect(reader.answers == ["rows": [2]])
    // Unchanged rows share their storage: nothing to look at.
    var unchanged = RowsJournalReader(journal: ElementChangeJournal())
    #expect(Screen._$visitProperties(old, old, with: &unchanged))
    #expect(unchanged.answers == ["rows": []])
  }

  /// A conformance written by hand visits nothing, so the recorder reads its property list.
  @Test func handWrittenConformancesVisitNothing() {
    struct Manual: ObservableStateProtocol {
      var count = 0
      static var _$observableKeyPaths: [PartialKeyPath<Self>] { [\Self.count] }
      static func hasChanged(
        _ keyPath: PartialKeyPath<Self>, from old: Self, to new: Self
      ) -> Bool {
        old.count != new.count
      }
    }
    var recorder = CallRecorder()
    #expect(!Manual._$visitProperties(Manual(), Manual(count: 1), with: &recorder))
    #expect(recorder.calls.isEmpty)
  }
}
