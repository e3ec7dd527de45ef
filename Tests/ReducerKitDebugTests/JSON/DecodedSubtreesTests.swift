import Foundation
import IdentifiedCollections
import ReducerKit
import Synchronization
import Testing

@testable import ReducerKitDebug

/// `JSONValue.decoded(as:reusing:)`: a state decoded after the patches that led to it, keeping
/// what earlier states decoded, is the state a fresh decoding gives, whatever the patches did.
@Suite("Decoding a patched state from kept subtrees")
struct DecodedSubtreesTests {
  struct Row: Codable, Equatable, Identifiable {
    var id: Int
    var title: String
    var tags: [String]
  }

  struct Board: Codable, Equatable {
    var title: String
    var rows: [Row]
    var columns: [String: [Row]]
    var selected: Row?
  }

  final class Box: Codable {
    var count: Int
  }

  /// A value holding an object, and one holding a shared value, beside a plain member.
  struct Holders: Decodable {
    struct BoxHolder: Decodable { var box: Box }
    struct SharedHolder: Decodable { var count: Shared<Int> }
    var boxes: BoxHolder
    var shared: SharedHolder
    var other: Int
  }

  private static func row(_ id: Int) -> Row {
    Row(id: id, title: "Row \(id)", tags: id.isMultiple(of: 2) ? ["even"] : [])
  }

  private static let board = Board(
    title: "Board", rows: (0..<6).map(row), columns: ["a": [row(10)], "b": []], selected: nil)

  /// Applies `patch` to `json` and decodes the result reusing `subtrees`, expecting what a
  /// fresh decoding of the patched JSON gives.
  private func expectPatched<T: Decodable & Equatable>(
    _ json: inout JSONValue, by patch: [JSONPatchOperation], as type: T.Type,
    reusing subtrees: DecodedSubtrees, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try json.apply(patch)
    subtrees.invalidate(by: patch)
    let reused = try json.decoded(as: T.self, reusing: subtrees)
    #expect(reused == (try json.decoded(as: T.self)), sourceLocation: sourceLocation)
  }

  @Test func everyKindOfOperationShiftsOrForgetsWhatItChanged() throws {
    var json = try Self.json(Self.board)
    let subtrees = DecodedSubtrees()
    #expect(try json.decoded(as: Board.self, reusing: subtrees) == Self.board)

    let steps: [[JSONPatchOperation]] = [
      [.replace("/rows/2/title", value: "Renamed")],
      [.move(from: "/rows/0", to: "/rows/4")],
      [.move(from: "/rows/5", to: "/rows/0")],
      [.remove("/rows/1")],
      [.add("/rows/0", value: try Self.json(Self.row(20)))],
      [.add(Self.rows("-"), value: try Self.json(Self.row(21)))],
      [.copy(from: "/rows/3", to: "/rows/1")],
      [.move(from: "/rows/2", to: "/columns/b/0")],
      [.move(from: "/columns/a/0", to: "/selected")],
      [.add("/columns/a/0", value: try Self.json(Self.row(22)))],
      [.replace("/rows", value: .array([try Self.json(Self.row(30))]))],
      [.test("/title", value: "Board"), .add("/rows/0/tags/0", value: "first")],
      [.remove("/columns/b")],
      [.add("/columns/b", value: .array([]))],
      [.replace("", value: try Self.json(Self.board))],
    ]
    for patch in steps {
      try expectPatched(&json, by: patch, as: Board.self, reusing: subtrees)
    }
  }

  @Test func anEmptyPatchGivesTheSameStateWithoutDecodingIt() throws {
    let json = try Self.json(Self.board)
    let subtrees = DecodedSubtrees()
    _ = try json.decoded(as: Board.self, reusing: subtrees)
    subtrees.invalidate(by: [])
    // A different JSON under the same kept subtrees shows what was reused: the kept state.
    let other = try Self.json(Board(title: "Other", rows: [], columns: [:], selected: nil))
    #expect(try other.decoded(as: Board.self, reusing: subtrees) == Self.board)
  }

  struct Slots: Codable, Equatable {
    var slots: [Row?]
  }

  /// An element of an array of optionals is an `Optional` place: once a patch changes what is
  /// inside it, it is decoded again, not read as the `nil` of a forgotten value.
  @Test func optionalPlacesAreDecodedAgainWhenChanged() throws {
    var json = try Self.json(Slots(slots: [Self.row(0), nil, Self.row(2)]))
    let subtrees = DecodedSubtrees()
    _ = try json.decoded(as: Slots.self, reusing: subtrees)
    for patch: [JSONPatchOperation] in [
      [.replace("/slots/0/title", value: "Renamed")],
      [.replace("/slots/1", value: try Self.json(Self.row(1)))],
      [.move(from: "/slots/2", to: "/slots/0"), .add("/slots/1/tags/-", value: "moved")],
      [.replace("/slots/2", value: .null)],
    ] {
      try expectPatched(&json, by: patch, as: Slots.self, reusing: subtrees)
    }
  }

  /// A string that knows its index, read from the coding path.
  struct Placed: Decodable, Equatable {
    var index: Int?
    var text: String

    init(from decoder: any Decoder) throws {
      index = decoder.codingPath.last?.intValue
      text = try decoder.singleValueContainer().decode(String.self)
    }
  }

  struct Places: Decodable, Equatable {
    var items: [Placed]
  }

  /// A value whose decoding read its coding path is not kept: a patch moving it would leave
  /// it saying where it was.
  @Test func valuesThatReadTheirPathAreDecodedAgain() throws {
    var json: JSONValue = ["items": ["a", "b", "c"]]
    let subtrees = DecodedSubtrees()
    _ = try json.decoded(as: Places.self, reusing: subtrees)
    try expectPatched(&json, by: [.remove("/items/0")], as: Places.self, reusing: subtrees)
    try expectPatched(
      &json, by: [.move(from: "/items/1", to: "/items/0")], as: Places.self, reusing: subtrees)
    #expect(try json.decoded(as: Places.self).items.map(\.index) == [0, 1])
  }

  /// A value holding an object or a shared value is decoded again even where no patch
  /// touched it: states decoded apart never share an object.
  @Test func valuesHoldingAnIdentityAreDecodedAgain() throws {
    let json: JSONValue = [
      "boxes": ["box": ["count": 1]], "shared": ["count": 5], "other": 2,
    ]
    let subtrees = DecodedSubtrees()
    let first = try json.decoded(as: Holders.self, reusing: subtrees)
    let patch: [JSONPatchOperation] = [.replace("/other", value: 3)]
    subtrees.invalidate(by: patch)
    var patched = json
    try patched.apply(patch)
    let second = try patched.decoded(as: Holders.self, reusing: subtrees)
    #expect(first.boxes.box !== second.boxes.box)
    #expect(first.shared.count._objectIdentifier != second.shared.count._objectIdentifier)
    #expect(second.boxes.box.count == 1 && second.shared.count.wrappedValue == 5)
    #expect(second.other == 3)
  }

  /// Any JSON, read through keyed and unkeyed containers (numbers as `Double`s).
  enum Tree: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([Tree]), object([String: Tree])

    struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      if let container = try? decoder.container(keyedBy: Key.self) {
        var members: [String: Tree] = [:]
        for key in container.allKeys {
          members[key.stringValue] = try container.decode(Tree.self, forKey: key)
        }
        self = .object(members)
      } else if var container = try? decoder.unkeyedContainer() {
        var elements: [Tree] = []
        while !container.isAtEnd { elements.append(try container.decode(Tree.self)) }
        self = .array(elements)
      } else {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
          self = .null
        } else if let bool = try? container.decode(Bool.self) {
          self = .bool(bool)
        } else if let string = try? container.decode(String.self) {
          self = .string(string)
        } else {
          self = .number(try container.decode(Double.self))
        }
      }
    }
  }

  /// Random trees changed at random (what `JSONValue.diff` makes of each change, and moves
  /// between random places of random arrays), decoded as a ``Tree`` at every step.
  @Test(arguments: 0..<40) func randomPatchesOfRandomTrees(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var json = JSONTestTrees.value(depth: 4, using: &random)
    let subtrees = DecodedSubtrees()
    #expect(try json.decoded(as: Tree.self, reusing: subtrees) == json.decoded(as: Tree.self))
    for _ in 0..<25 {
      var patch: [JSONPatchOperation]
      if Bool.random(using: &random), let move = Self.randomMove(in: json, using: &random) {
        patch = [move]
      } else {
        var changed = json
        JSONTestTrees.mutate(&changed, using: &random)
        patch = JSONValue.diff(from: json, to: changed)
      }
      try expectPatched(&json, by: patch, as: Tree.self, reusing: subtrees)
    }
  }

  struct Listing: Codable, Equatable {
    var rows: IdentifiedArrayOf<Row>
  }

  /// An identified list changed one element at a time, as a list's actions change it, is edited
  /// in place; an edit that would give a duplicate id fails as decoding every row does.
  @Test func oneChangeOfAnIdentifiedListIsAppliedToTheListKept() throws {
    var random = SplitMix64(seed: 44)
    let start = try Self.json(Listing(rows: IdentifiedArray(uniqueElements: (0..<8).map(Self.row))))
    var json = start
    let subtrees = DecodedSubtrees()
    _ = try json.decoded(as: Listing.self, reusing: subtrees)
    var nextID = 100
    for step in 0..<300 {
      guard case .array(let rows)? = json["rows"] else {
        Issue.record("no rows at step \(step)")
        return
      }
      let index = Int.random(in: 0..<max(rows.count, 1), using: &random)
      let existing = rows.isEmpty ? 0 : Int.random(in: 0..<rows.count, using: &random)
      nextID += 1
      let patch: [JSONPatchOperation]
      switch Int.random(in: 0..<6, using: &random) {
      case 0: patch = [.add(Self.rows(index), value: try Self.json(Self.row(nextID)))]
      case 1: patch = [.add(Self.rows("-"), value: try Self.json(Self.row(nextID)))]
      case 2 where !rows.isEmpty: patch = [.remove(Self.rows(index))]
      case 3 where !rows.isEmpty:
        patch = [
          .replace(Self.rows(index, "title"), value: .string("step \(step)")),
          .add(Self.rows(index, "tags", "0"), value: "new"),
        ]
      case 4 where !rows.isEmpty:
        patch = [.replace(Self.rows(index), value: try Self.json(Self.row(nextID)))]
      default:
        // A duplicate id, which decoding refuses.
        let duplicate = rows.isEmpty ? Self.row(1) : Self.row(existing)
        patch = [.add(Self.rows(index), value: try Self.json(duplicate))]
      }
      try json.apply(patch)
      subtrees.invalidate(by: patch)
      switch (Result { try json.decoded(as: Listing.self) }) {
      case .success(let fresh):
        #expect(try json.decoded(as: Listing.self, reusing: subtrees) == fresh, "step \(step)")
      case .failure:
        #expect(throws: (any Error).self, "step \(step)") {
          try json.decoded(as: Listing.self, reusing: subtrees)
        }
        // Start again from a list that decodes.
        json = start
        subtrees.removeAll()
        _ = try json.decoded(as: Listing.self, reusing: subtrees)
      }
    }
  }

  /// A row that counts its decodings.
  struct CountedRow: Codable, Equatable, Identifiable {
    static let decodings = Mutex(0)
    var id: Int

    init(id: Int) { self.id = id }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(Int.self, forKey: .id)
      Self.decodings.withLock { $0 += 1 }
    }
  }

  @Test func aRowInsertedInAListIsTheOnlyRowDecodedAgain() throws {
    let rows = IdentifiedArray(uniqueElements: (0..<50).map(CountedRow.init))
    var json = try Self.json(rows)
    let subtrees = DecodedSubtrees()
    _ = try json.decoded(as: IdentifiedArrayOf<CountedRow>.self, reusing: subtrees)
    let patch: [JSONPatchOperation] = [.add("/10", value: try Self.json(CountedRow(id: 99)))]
    try json.apply(patch)
    subtrees.invalidate(by: patch)
    let before = CountedRow.decodings.withLock { $0 }
    let reused = try json.decoded(as: IdentifiedArrayOf<CountedRow>.self, reusing: subtrees)
    #expect(CountedRow.decodings.withLock { $0 } - before == 1)
    #expect(reused == (try json.decoded(as: IdentifiedArrayOf<CountedRow>.self)))
    #expect(reused.ids.elements == Array(0..<10) + [99] + Array(10..<50))
  }

  /// The pointer to `/rows/index`, then `tokens`.
  private static func rows(_ index: any CustomStringConvertible, _ tokens: String...)
    -> JSONPointer
  {
    JSONPointer(tokens: ["rows", index.description] + tokens)
  }

  /// A `move` between two elements of an array somewhere in `json`, if it has one.
  private static func randomMove(in json: JSONValue, using random: inout SplitMix64)
    -> JSONPatchOperation?
  {
    var arrays: [(JSONPointer, Int)] = []
    func collect(_ value: JSONValue, at pointer: JSONPointer) {
      switch value {
      case .array(let elements):
        if !elements.isEmpty { arrays.append((pointer, elements.count)) }
        for (index, element) in elements.enumerated() {
          collect(element, at: pointer.appending(index: index))
        }
      case .object(let members):
        for (key, member) in members { collect(member, at: pointer.appending(key)) }
      default:
        break
      }
    }
    collect(json, at: .root)
    arrays.sort { $0.0.description < $1.0.description }
    guard let (array, count) = arrays.randomElement(using: &random) else { return nil }
    let from = Int.random(in: 0..<count, using: &random)
    let to = Int.random(in: 0..<count, using: &random)
    return .move(from: array.appending(index: from), to: array.appending(index: to))
  }

  private static func json(_ value: some Encodable) throws -> JSONValue {
    try JSONValue(parsing: JSONEncoder().encode(value))
  }
}
