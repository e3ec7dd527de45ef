import CustomDump
import Foundation
import ReducerKitDebug
import Testing

@testable import RKDebugCLI

@Suite struct JSONDiffRendererTests {
  /// A struct whose properties are declared in key order, so custom-dump and the JSON
  /// renderer list them alike.
  struct Flat: Codable, Equatable {
    var a: Int
    var b: String
    var c: [Int]
    var d: Bool
    var e: [String]
  }

  func json(_ value: some Encodable) throws -> JSONValue {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try JSONValue(parsing: encoder.encode(value))
  }

  @Test(arguments: [
    (
      Flat(a: 1, b: "x", c: [1, 2, 3], d: true, e: []),
      Flat(a: 2, b: "x", c: [1, 2, 3], d: true, e: [])
    ),
    (
      Flat(a: 1, b: "x", c: [1, 2, 3, 4, 5, 6], d: true, e: ["p"]),
      Flat(a: 1, b: "y \"quoted\"", c: [1, 2, 9, 4, 5, 6, 7], d: false, e: ["p", "q"])
    ),
    (
      Flat(a: 1, b: "", c: [], d: true, e: ["one", "two", "three"]),
      Flat(a: 1, b: "", c: [5], d: true, e: ["two", "three"])
    ),
    (
      Flat(a: 1, b: "", c: [1, 2, 3, 4], d: true, e: []),
      Flat(a: 1, b: "", c: [0, 1, 2, 3, 4], d: true, e: [])
    ),
  ])
  func matchesCustomDumpForTheSameValues(old: Flat, new: Flat) throws {
    let renderer = JSONDiffRenderer(stateTypeName: String(reflecting: Flat.self))
    let customDump: String? = CustomDump.diff(old, new)
    let expected = try #require(customDump)
    #expect(renderer.diff(from: try json(old), to: try json(new)) == expected)
  }

  @Test func equalStatesHaveNoDiff() throws {
    let renderer = JSONDiffRenderer(stateTypeName: "App.State")
    #expect(renderer.diff(from: ["a": 1.0], to: ["a": 1]) == nil)
  }

  @Test func nestedObjectsEnumsAndOptionals() throws {
    let renderer = JSONDiffRenderer(stateTypeName: "ReducerKitSamples.AppFeature.State")
    let old: JSONValue = [
      "tab": ["counter": [:]],
      "counter": ["count": 1, "fact": "one"],
      "rows": [["id": 1, "title": "A"], ["id": 2, "title": "B"], ["id": 3, "title": "C"]],
      "status": ["loaded": ["_0": 3, "_1": "x"]],
    ]
    let new: JSONValue = [
      "tab": ["todos": [:]],
      "counter": ["count": 2],
      "rows": [["id": 1, "title": "A"], ["id": 2, "title": "B!"], ["id": 3, "title": "C"]],
      "status": ["loaded": ["_0": 4, "_1": "x"]],
      "detail": ["id": 7],
    ]
    #expect(
      renderer.diff(from: old, to: new) == """
          AppFeature.State(
            counter: (
        -     count: 1,
        +     count: 2,
        -     fact: "one"
        +     fact: nil
            ),
        -   detail: nil,
        +   detail: (id: 7),
            rows: [
              [0]: (…),
              [1]: (
                id: 2,
        -       title: "B"
        +       title: "B!"
              ),
              [2]: (…)
            ],
            status: .loaded(
        -     3,
        +     4,
              "x"
            ),
        -   tab: .counter
        +   tab: .todos
          )
        """
    )
  }

  @Test func collapsesRunsOfUnchangedElements() throws {
    let renderer = JSONDiffRenderer(stateTypeName: "Module.List")
    let old: JSONValue = ["items": [1, 2, 3, 4, 5, 6, 7, 8]]
    let new: JSONValue = ["items": [1, 2, 3, 4, 50, 6, 7, 8]]
    #expect(
      renderer.diff(from: old, to: new) == """
          List(
            items: [
              … (4 unchanged),
        -     [4]: 5,
        +     [4]: 50,
              … (3 unchanged)
            ]
          )
        """
    )
  }

  @Test func multilineStrings() throws {
    let renderer = JSONDiffRenderer(stateTypeName: "M.S")
    #expect(
      renderer.diff(from: ["text": "a\nb", "n": 1], to: ["text": "a\nc", "n": 1]) == """
          S(
            n: 1,
        -   text: \"\"\"
        -     a
        -     b
        -     \"\"\"
        +   text: \"\"\"
        +     a
        +     c
        +     \"\"\"
          )
        """
    )
  }
}

@Suite struct SwiftTypeNameTests {
  @Test func shortNamesAsCustomDumpPrintsThem() {
    #expect(SwiftTypeName.short("ReducerKitSamples.Counter.State") == "Counter.State")
    #expect(SwiftTypeName.short("Tests.Shelf.State") == "Shelf.State")
    #expect(SwiftTypeName.short("State") == "State")
    #expect(
      SwiftTypeName.short("Tests.(unknown context at $10a3b4c).Local.State") == "Local.State"
    )
    #expect(SwiftTypeName.short("M.Box<Swift.Int>") == "Box")
  }
}

@Suite struct JSONDumpTests {
  @Test func dumpsLikeCustomDump() {
    let dumper = JSONDump(rootTypeName: "Todos.State")
    let state: JSONValue = [
      "filter": "all",
      "todos": [["id": "A", "isComplete": false, "title": "Milk \"2%\""]],
      "empty": [],
      "mode": ["editing": ["_0": 3]],
      "flag": ["on": [:]],
      "one": ["only": 1],
    ]
    #expect(
      dumper.dump(state) == """
        Todos.State(
          empty: [],
          filter: "all",
          flag: .on,
          mode: .editing(3),
          one: (only: 1),
          todos: [
            [0]: (
              id: "A",
              isComplete: false,
              title: #"Milk "2%""#
            )
          ]
        )
        """
    )
    #expect(dumper.dump(state, maxDepth: 1).contains("  todos: […]"))
    #expect(dumper.dump(.null) == "nil")
  }
}
