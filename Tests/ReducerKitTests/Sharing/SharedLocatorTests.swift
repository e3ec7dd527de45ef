import Foundation
import IdentifiedCollections
import ReducerKit
import Testing

/// `SharedLocator` finds each shared value at the JSON path its value has in the state's JSON,
/// whatever containers lie between, without encoding the state (it walks the encoding).
@Suite struct SharedLocatorTests {
  struct Row: Codable, Identifiable {
    var id: Int
    @Shared var title: String
  }

  enum Screen: Codable {
    case detail(Row)
    case pair(first: Shared<Int>, second: Int)
  }

  /// A type whose `encode(to:)` uses nested containers and `superEncoder`, as a hand-written
  /// conformance may.
  struct Nested: Encodable {
    var inner: Shared<Int>
    var list: Shared<Int>
    var base: Shared<Int>

    enum Keys: String, CodingKey { case outer, list, inner }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      var outer = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
      var list = container.nestedUnkeyedContainer(forKey: .list)
      try list.encode(1)
      try outer.encode(inner, forKey: .inner)
      var element = list.nestedContainer(keyedBy: Keys.self)
      try element.encode(self.list, forKey: .inner)
      try base.encode(to: container.superEncoder())
    }
  }

  struct State: Encodable {
    var count = Shared(value: 7)
    var rows: IdentifiedArrayOf<Row>
    var screen: Screen?
    var byName: [String: Shared<Int>]
    var byNumber: [Int: Shared<Int>]
    var matrix: [[Shared<Int>]]
    var reader: SharedReader<Int>
    var nested: Nested
  }

  @Test func everyPlaceIsWhereTheJSONHoldsItsValue() throws {
    let title = Shared(value: "Intro")
    let state = State(
      rows: [Row(id: 1, title: Shared(value: "Verse")), Row(id: 2, title: title)],
      screen: .pair(first: Shared(value: 3), second: 4),
      byName: ["a": Shared(value: 10)],
      byNumber: [5: Shared(value: 11)],
      matrix: [[Shared(value: 20)], [Shared(value: 21), Shared(value: 22)]],
      reader: SharedReader(Shared(value: 30)),
      nested: Nested(inner: Shared(value: 40), list: Shared(value: 41), base: Shared(value: 42))
    )
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(state))
    let paths = SharedLocator.holdings(in: state).map(\.path)
    #expect(
      paths == [
        ["count"], ["rows", "0", "title"], ["rows", "1", "title"], ["screen", "pair", "first"],
        ["byName", "a"], ["byNumber", "5"], ["matrix", "0", "0"], ["matrix", "1", "0"],
        ["matrix", "1", "1"], ["reader"], ["nested", "outer", "inner"],
        ["nested", "list", "1", "inner"], ["nested", "super"],
      ])
    let values = paths.map { Self.value(in: json, at: $0) }
    #expect(values.map { "\($0 ?? "missing")" } == [
      "7", "Verse", "Intro", "3", "10", "11", "20", "21", "22", "30", "40", "41", "42",
    ])
  }

  @Test func aStateWithoutSharesHasNoPlaces() {
    struct Plain: Encodable {
      var rows = [1, 2, 3]
      var name: String? = "x"
    }
    #expect(SharedLocator.holdings(in: Plain()).isEmpty)
    #expect(!SharedLocator.holdsShared(Plain()))
    #expect(SharedLocator.holdsShared(Screen.detail(Row(id: 1, title: Shared(value: "")))))
  }

  /// The value at a JSON Pointer's tokens.
  private static func value(in json: Any, at path: [String]) -> Any? {
    path.reduce(Optional(json)) { value, token in
      switch value {
      case let object as [String: Any]: object[token]
      case let array as [Any]: Int(token).flatMap { array.indices.contains($0) ? array[$0] : nil }
      default: nil
      }
    }
  }
}
