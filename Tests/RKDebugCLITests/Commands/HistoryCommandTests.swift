import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug history`, through the built executable.
@Suite(.serialized) struct HistoryCommandTests {
  @Test func scalarProperty() async throws {
    let log = try await RecordedLog.shelf()
    #expect(
      try log.run(["history", "--path", "count"]).stdout == """
         1  Shelf.Action.increment
            0 → 1
         7  Shelf.Action.loaded(42)
            1 → 42

        """
    )
    #expect(
      try log.run(["history", "--path", "note"]).stdout == """
         5  Shelf.Action.setNote("hello")
            nil → "hello"
        10  Shelf.Action.setNote(nil)
            "hello" → nil

        """
    )
  }

  @Test func elementsShiftWhenTheArrayChanges() async throws {
    let log = try await RecordedLog.shelf()
    #expect(
      try log.run(["history", "--path", "books[0].title"]).stdout == """
         2  Shelf.Action.addBook("Dune")
            nil → "Dune"
        11  Shelf.Action.removeBook(0)
            "Dune" → "Emma 2"

        """
    )
    #expect(
      try log.run(["history", "--path", "books.count"]).stdout == """
         2  Shelf.Action.addBook("Dune")
            0 → 1
         3  Shelf.Action.addBook("Emma")
            1 → 2
        11  Shelf.Action.removeBook(0)
            2 → 1

        """
    )
  }

  @Test func changesUnderAValue() async throws {
    let log = try await RecordedLog.shelf()
    #expect(
      try log.run(["history", "--path", "books[1]"]).stdout == """
         3  Shelf.Action.addBook("Emma")
            nil → {"isRead":false,"title":"Emma"}
         8  Shelf.Action.retitleBook(1, "Emma 2")
            {"isRead":false,"title":"Emma"} → {"isRead":false,"title":"Emma 2"}
        11  Shelf.Action.removeBook(0)
            {"isRead":false,"title":"Emma 2"} → nil

        """
    )
    #expect(
      try log.run(["history", "--path", "settings"]).stdout == """
         9  Shelf.Action.setDark(true)
            {"fontSize":12,"isDark":false} → {"fontSize":12,"isDark":true}

        """
    )
    #expect(
      try log.run(["history", "--path", "settings.fontSize"]).stdout
        == "(no action changed settings.fontSize)\n"
    )
  }

  @Test func jsonLines() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["history", "--path", "note", "--json"])
    let lines = try result.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    #expect(
      lines == [
        [
          "index": 5, "label": "Shelf.Action.setNote(\n  \"hello\"\n)", "source": "send",
          "effectID": .null, "parentIndex": .null, "old": .null, "new": "hello",
        ],
        [
          "index": 10, "label": "Shelf.Action.setNote(nil)", "source": "send",
          "effectID": .null, "parentIndex": .null, "old": "hello", "new": .null,
        ],
      ]
    )
    #expect(try log.run(["history", "--path", "settings.fontSize", "--json"]).stdout == "")
  }

  @Test func everyChangeAgreesWithTheRebuiltStates() async throws {
    let log = try await RecordedLog.shelf(snapshotInterval: 4)
    let states = try (0...12).map { index in
      try JSONValue(parsing: log.run(["state", "--at", String(index), "--json"]).stdout)
    }
    for path in ["count", "note", "books[0]", "books[1].isRead", "books.count", "title.count"] {
      let valuePath = try ValuePathProbe(path)
      var expected: [JSONValue] = []
      for index in 1...12 {
        let old = valuePath.value(in: states[index - 1])
        let new = valuePath.value(in: states[index])
        if old != new {
          expected.append(["index": JSONValue(index), "old": old, "new": new])
        }
      }
      let result = try log.run(["history", "--path", path, "--json"])
      let actual = try result.stdout.split(separator: "\n").map { line in
        let value = try JSONValue(parsing: String(line))
        return JSONValue.object([
          "index": value["index"]!, "old": value["old"]!, "new": value["new"]!,
        ])
      }
      #expect(actual == expected, "\(path)")
    }
  }

  /// A sort moves the Todos rows (`move` operations within `todos`): history follows the rows
  /// inside the list alone, and every change agrees with the states the log rebuilds.
  @Test func rowsMovedBySortsAgreeWithTheRebuiltStates() throws {
    let directory = try TemporaryDirectory()
    let log = directory.path("todos.sqlite")
    let recorded = try RKDebugProcess.run(
      ["record", "--feature", "todos", "--random", "300", "--seed", "5", "--db", log])
    try #require(recorded.status == 0, "\(recorded.stderr)")
    let reader = try ActionLog.readOnly(path: log).reader(session: nil)
    var states = [try reader.stateJSON(at: 0)]
    var moves = 0
    for index in 1...reader.actionCount {
      states.append(try reader.stateJSON(at: index))
      moves += try reader.action(at: index).patch.filter { $0.op == .move }.count
    }
    #expect(moves > 10, "the sorts moved \(moves) rows")
    for path in ["todos[0].isComplete", "todos[1].title", "todos[2]", "todos.count"] {
      let (actual, expected) = try historyAndRebuiltChanges(
        of: path, spelledInJSON: path, states: states, log: log)
      #expect(actual == expected, "\(path)")
    }
  }

  /// The changes `history --path PATH --json` lists (index, old and new value), and those the
  /// rebuilt `states` show at `jsonPath`, the same path as the JSON spells it.
  private func historyAndRebuiltChanges(
    of path: String, spelledInJSON jsonPath: String, states: [JSONValue], log: String
  ) throws -> (actual: [JSONValue], expected: [JSONValue]) {
    let valuePath = try ValuePathProbe(jsonPath)
    var expected: [JSONValue] = []
    for index in states.indices.dropFirst() {
      let old = valuePath.value(in: states[index - 1])
      let new = valuePath.value(in: states[index])
      if !old.isEquivalent(to: new) {
        expected.append(["index": JSONValue(index), "old": old, "new": new])
      }
    }
    let result = try RKDebugProcess.run(["history", "--path", path, "--json", "--db", log])
    #expect(result.status == 0, "\(result.stderr)")
    let actual = try result.stdout.split(separator: "\n").map { line in
      let value = try JSONValue(parsing: String(line))
      return JSONValue.object([
        "index": value["index"]!, "old": value["old"]!, "new": value["new"]!,
      ])
    }
    return (actual, expected)
  }

  /// A path through a member the initial state lacks (an optional that is `nil`, an enum's other
  /// case) is followed inside that member alone, and every change agrees with the rebuilt states.
  /// (Each path as `history` takes it, and as the JSON spells it, with an enum's `_0`.)
  @Test(arguments: [
    ("app", 11, [
      "search.isSearching", "search.results.count", "search.query",
      "tab.settings.displayName=tab.settings._0.displayName",
      "tab.todos.filter=tab.todos._0.filter",
      "counter.count",
    ]),
    ("library", 3, [
      "addBook.book.isFavorite", "addBook.book.title", "addBook.book", "books[0].isFavorite",
      "path.count",
    ]),
  ])
  func membersTheInitialStateLacksAgreeWithTheRebuiltStates(
    feature: String, seed: Int, paths: [String]
  ) throws {
    let directory = try TemporaryDirectory()
    let log = directory.path("\(feature).sqlite")
    let recorded = try RKDebugProcess.run(
      ["record", "--feature", feature, "--random", "400", "--seed", String(seed), "--db", log])
    try #require(recorded.status == 0, "\(recorded.stderr)")
    let reader = try ActionLog.readOnly(path: log).reader(session: nil)
    let states = try (0...reader.actionCount).map { try reader.stateJSON(at: $0) }
    for spelled in paths {
      let parts = spelled.split(separator: "=").map(String.init)
      let path = parts[0]
      let (actual, expected) = try historyAndRebuiltChanges(
        of: path, spelledInJSON: parts.last!, states: states, log: log)
      #expect(expected.count > 2, "\(path) changed \(expected.count) times")
      #expect(actual == expected, "\(path)")
    }
  }

  /// A path reaches an enum case's payload as `state --path` does, with or without its `_0`:
  /// the app's tab holds `{"todos": {"_0": …}}`, and `tab.todos.filter` is its filter.
  @Test func aPathThroughAnEnumCaseSeesItsPayloadsChanges() throws {
    let scratch = try TemporaryDirectory()
    let record = try RKDebugProcess.run(
      ["record", "--feature", "app", "--random", "120", "--seed", "3"], in: scratch.url)
    try #require(record.status == 0, "\(record.stderr)")
    let spelled = try RKDebugProcess.run(
      ["history", "--path", "tab.todos._0.filter"], in: scratch.url)
    let swift = try RKDebugProcess.run(["history", "--path", "tab.todos.filter"], in: scratch.url)
    #expect(swift.status == 0, "\(swift.stderr)")
    #expect(spelled.stdout.contains("filterPicked"))
    #expect(swift.stdout == spelled.stdout)
    let changes = try RKDebugProcess.run(
      ["history", "--path", "tab.todos.filter", "--json"], in: scratch.url)
    let line = try #require(changes.stdout.split(separator: "\n").first)
    let first = try JSONValue(parsing: String(line))
    let index = try #require(first["index"]?.intValue)
    for (at, value) in [(index - 1, first["old"]), (index, first["new"])] {
      let state = try RKDebugProcess.run(
        ["state", "--at", "\(at)", "--path", "tab.todos.filter", "--json"], in: scratch.url)
      #expect(try JSONValue(parsing: state.stdout) == value)
    }
  }

  @Test func unknownPaths() async throws {
    let log = try await RecordedLog.shelf()
    let typo = try log.run(["history", "--path", "books[0].titel"])
    #expect(typo.status == 1)
    #expect(
      typo.stderrLines == [
        "rkdebug: error: no 'titel' in any state of session 1; did you mean 'title'?"
      ]
    )
    let unknown = try log.run(["history", "--path", "shelves.count"])
    #expect(unknown.stderrLines == ["rkdebug: error: no 'shelves' in any state of session 1"])
    // A malformed path is a usage error: ArgumentParsingTests, in process.
  }
}

/// Evaluates a path the way the CLI documents it, independently of `rkdebug history`: through
/// `rkdebug`'s own `ValuePath`, reading a missing value as `null`.
struct ValuePathProbe {
  let path: String

  init(_ path: String) throws {
    self.path = path
  }

  func value(in state: JSONValue) -> JSONValue {
    var current: JSONValue? = state
    for part in path.split(separator: ".") {
      guard let value = current else { return .null }
      var name = Substring(part)
      var index: Int?
      if let open = part.firstIndex(of: "[") {
        name = part[..<open]
        index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)])
      }
      if name == "count", value[String(name)] == nil, let count = value.count {
        current = JSONValue(count)
      } else {
        current = value[String(name)]
      }
      if let index { current = current?[index] }
    }
    return current ?? .null
  }
}
