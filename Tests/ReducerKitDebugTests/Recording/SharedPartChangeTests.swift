import Foundation
import Testing

@testable import ReducerKit
@testable import ReducerKitDebug

/// A shared change made through one element's share (`$rows[id: id]`) is diffed once, as that
/// element's change, and each place holding the value takes the operations inside it. These
/// tests hold it to what diffing every place on its own gives, for changes made through an
/// element, through the whole value, and for those that move, drop or replace what a place
/// holds.
@Suite struct SharedPartChangeTests {
  @ObservableState
  struct Row: Equatable, Codable, Identifiable, Sendable {
    var id: Int
    var title: String
    var isDone = false
  }

  struct State: Equatable, Codable {
    @Shared var rows: IdentifiedArrayOf<Row>
    @Shared var detail: Row
    @Shared var other: Row
    @Shared var allRows: IdentifiedArrayOf<Row>
  }

  /// Rows 1, 2 and 3; `detail` is row 2's share and `other` row 3's, `allRows` the whole list.
  static func state() -> State {
    let rows = Shared(
      value: IdentifiedArray(uniqueElements: (1...3).map { Row(id: $0, title: "Row \($0)") })
    )
    return State(
      rows: rows, detail: Shared(rows[id: 2])!, other: Shared(rows[id: 3])!, allRows: rows
    )
  }

  /// The patch the recorder writes for `change`, and the one diffing each place gives.
  static func patches(
    _ change: (State) -> Void
  ) throws -> (recorded: String, placeByPlace: String, share: [String]?) {
    let state = state()
    let holdings = SharedLocator.holdings(in: state)
    let tracker = SharedChangeTracker()
    tracker.track { change(state) }
    var differ = StateDiffer()
    for holding in holdings where tracker.hasChanged(holding.storage) {
      differ.diffValue(
        holding.value(.before, tracker), holding.value(.current, tracker), at: holding.path,
        isObjectMember: false)
    }
    let encoder = JSONFragmentEncoder()
    let recorded = StateDiffer.changes(of: holdings, changedIn: tracker)
    return (
      try PendingChange.frozen(recorded).compactJSON(using: encoder),
      try PendingChange.frozen(differ.changes).compactJSON(using: encoder),
      tracker.change(of: state.$rows.reference.storage, now: .current)?.share?
        .part(inRoot: state.rows)?.path
    )
  }

  @Test func aChangeThroughAnElementsShareIsThatElementsChangeAtEveryPlace() throws {
    let patches = try Self.patches { $0.$detail.withLock { $0.title = "Two" } }
    #expect(patches.share == ["1"])
    #expect(patches.recorded == patches.placeByPlace)
    #expect(
      patches.recorded
        == #"[["=","/rows/1/title","Two","Row 2"],["=","/detail/title","Two","Row 2"],"#
        + #"["=","/allRows/1/title","Two","Row 2"]]"#
    )
  }

  @Test func changesThroughTwoElementsSharesAreTheWholeValuesChange() throws {
    let patches = try Self.patches { state in
      state.$detail.withLock { $0.isDone = true }
      state.$other.withLock { $0.title = "Three" }
    }
    #expect(patches.share == nil)
    #expect(patches.recorded == patches.placeByPlace)
  }

  @Test(
    arguments: [
      "toggle 2", "toggle 1", "append", "remove 1", "remove 2", "reverse", "replace",
      "rename 2 twice", "remove 1, rename 2",
    ]
  )
  func aChangeOfTheWholeValueIsPatchedAsEachPlaceSeesIt(_ change: String) throws {
    let patches = try Self.patches { state in
      state.$rows.withLock { rows in
        switch change {
        case "toggle 2": rows[id: 2]!.isDone.toggle()
        case "toggle 1": rows[id: 1]!.isDone.toggle()
        case "append": rows.append(Row(id: 4, title: "Row 4"))
        case "remove 1": rows.remove(id: 1)
        case "remove 2": rows.remove(id: 2)
        case "reverse": rows.reverse()
        case "replace": rows = [Row(id: 3, title: "New 3"), Row(id: 2, title: "New 2")]
        case "remove 1, rename 2":
          rows.remove(id: 1)
          rows[id: 2]!.title = "Two"
        default:
          rows[id: 2]!.title = "A"
          rows[id: 2]!.title = "B"
        }
      }
    }
    #expect(patches.share == [])
    #expect(patches.recorded == patches.placeByPlace, "\(change)")
  }

  @Test func aChangeThroughTheDerivedListOfAnElementIsPatchedAsEachPlaceSeesIt() throws {
    let patches = try Self.patches { state in
      Shared(state.$allRows[id: 3])!.withLock { $0.title = "Trois" }
    }
    #expect(patches.share == ["2"])
    #expect(patches.recorded == patches.placeByPlace)
  }
}
