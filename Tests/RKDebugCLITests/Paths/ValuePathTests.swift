import ReducerKitDebug
import Testing

@testable import RKDebugCLI

@Suite struct ValuePathTests {
  let state: JSONValue = [
    "title": "Shelf",
    "count": 3,
    "books": [
      ["title": "Dune", "isRead": true],
      ["title": "Emma", "isRead": false],
      ["title": "Ulysses", "isRead": false],
    ],
    "settings": ["isDark": false, "fontSize": 12],
    "tally": ["count": 7, "other": 1],
    "byID": ["1": "one", "dark mode": true],
    "maybe": .null,
  ]

  @Test func parsesSwiftStylePaths() throws {
    #expect(try ValuePath(parsing: "title").components == [.key("title")])
    #expect(
      try ValuePath(parsing: "books[2].title").components
        == [.key("books"), .index(2), .key("title")]
    )
    #expect(
      try ValuePath(parsing: #"byID["dark mode"]"#).components
        == [.key("byID"), .key("dark mode")]
    )
    #expect(
      try ValuePath(parsing: " books [ 0 ] . isRead ").components
        == [.key("books"), .index(0), .key("isRead")]
    )
    #expect(try ValuePath(parsing: "[1]").components == [.index(1)])
  }

  @Test func descriptionIsSwiftText() throws {
    #expect(try ValuePath(parsing: "books[2].title").description == "books[2].title")
    #expect(try ValuePath(parsing: #"byID["dark mode"]"#).description == #"byID["dark mode"]"#)
  }

  @Test func evaluatesValues() throws {
    #expect(try ValuePath(parsing: "title").evaluate(in: state) == "Shelf")
    #expect(try ValuePath(parsing: "books[1].title").evaluate(in: state) == "Emma")
    #expect(try ValuePath(parsing: "books[0].isRead").evaluate(in: state) == true)
    #expect(try ValuePath(parsing: "settings.fontSize").evaluate(in: state) == 12)
    #expect(try ValuePath(parsing: #"byID["dark mode"]"#).evaluate(in: state) == true)
    #expect(try ValuePath(parsing: "byID[1]").evaluate(in: state) == "one")
  }

  @Test func countIsTheLengthUnlessTheObjectHasACountMember() throws {
    #expect(try ValuePath(parsing: "books.count").evaluate(in: state) == 3)
    #expect(try ValuePath(parsing: "title.count").evaluate(in: state) == 5)
    #expect(try ValuePath(parsing: "settings.count").evaluate(in: state) == 2)
    #expect(try ValuePath(parsing: "tally.count").evaluate(in: state) == 7)
    #expect(try ValuePath(parsing: "count").evaluate(in: state) == 3)
  }

  @Test func missingOptionalsAndIndicesAreNil() throws {
    #expect(try ValuePath(parsing: "note").evaluate(in: state) == nil)
    #expect(try ValuePath(parsing: "note.count").evaluate(in: state) == nil)
    #expect(try ValuePath(parsing: "maybe.title").evaluate(in: state) == nil)
    #expect(try ValuePath(parsing: "books[9].title").evaluate(in: state) == nil)
  }

  @Test func misspeltNamesSuggestTheNearestMember() throws {
    #expect(throws: PathEvaluationError("no 'titel' in books[2]; did you mean 'title'?")) {
      try ValuePath(parsing: "books[2].titel").evaluate(in: state)
    }
    #expect(throws: PathEvaluationError("no 'bokos' in the state; did you mean 'books'?")) {
      try ValuePath(parsing: "bokos.count").evaluate(in: state)
    }
    #expect(throws: PathEvaluationError("no 'Title' in the state; did you mean 'title'?")) {
      try ValuePath(parsing: "Title").evaluate(in: state)
    }
    #expect(
      throws: PathEvaluationError("no 'fontsize' in settings; did you mean 'fontSize'?")
    ) {
      try ValuePath(parsing: "settings.fontsize").evaluate(in: state)
    }
  }

  @Test func stepsThatDoNotFitTheDataThrow() throws {
    #expect(throws: PathEvaluationError("title is a string, which has no 'first'")) {
      try ValuePath(parsing: "title.first").evaluate(in: state)
    }
    #expect(throws: PathEvaluationError("count is a number, not an array; it has no [0]")) {
      try ValuePath(parsing: "count[0]").evaluate(in: state)
    }
    #expect(
      throws: PathEvaluationError(
        "books is an array, which has no 'title' (an array has only 'count' and [index])"
      )
    ) {
      try ValuePath(parsing: "books.title").evaluate(in: state)
    }
  }

  @Test func syntaxErrorsPointAtTheColumn() {
    #expect(
      throws: PathSyntaxError(
        "expected an index or a quoted key after '[', found the end", column: 7
      )
    ) {
      try ValuePath(parsing: "books[")
    }
    #expect(
      throws: PathSyntaxError("expected ']' to close the '[' at column 6, found 'x'", column: 9)
    ) {
      try ValuePath(parsing: "books[1 x]")
    }
    #expect(throws: PathSyntaxError("unexpected 'x' after the number '1'", column: 8)) {
      try ValuePath(parsing: "books[1x]")
    }
    #expect(
      throws: PathSyntaxError(
        "expected a property name after '.' (column 6), found the end", column: 7
      )
    ) {
      try ValuePath(parsing: "books.")
    }
    #expect(throws: PathSyntaxError("an index is a whole number from 0, not -1", column: 7)) {
      try ValuePath(parsing: "books[-1]")
    }
    #expect(throws: PathSyntaxError("expected a path such as 'todos[2].title'", column: 1)) {
      try ValuePath(parsing: "")
    }
    #expect(
      throws: PathSyntaxError(
        "unexpected '==' after the path; expected '.name' or '[index]'", column: 7
      )
    ) {
      try ValuePath(parsing: "count == 3")
    }
    #expect(throws: PathSyntaxError("unexpected character '#'", column: 1)) {
      try ValuePath(parsing: "#count")
    }
    #expect(throws: PathSyntaxError("unterminated string starting", column: 6)) {
      try ValuePath(parsing: #"byID["dark"#)
    }
  }

  @Test func syntaxErrorDescriptionEndsWithTheColumn() {
    #expect(
      PathSyntaxError("expected a value after '=='", column: 12).description
        == "expected a value after '==' at column 12"
    )
  }

  /// A navigation stack (`{"id", "element"}` entries), a presented destination (an enum case with
  /// its `_0` payload) and identified rows, as the recorder writes them.
  let navigation: JSONValue = [
    "path": [
      ["id": 0, "element": ["list": ["_0": ["rows": 2]]]],
      ["id": 3, "element": ["detail": ["_0": ["title": "Milk"]]]],
    ],
    "destination": ["edit": ["_0": ["title": "Eggs", "tags": ["a"]]]],
    "todos": [["id": "A-1", "title": "one"], ["id": "B-2", "title": "two"]],
  ]

  @Test func idSubscriptsAndEnumCasesReadAsInSwift() throws {
    #expect(
      try ValuePath(parsing: "path[id: 3].detail.title").components
        == [.key("path"), .id(3), .key("detail"), .key("title")]
    )
    #expect(try ValuePath(parsing: "path[id: 3].detail.title").evaluate(in: navigation) == "Milk")
    #expect(try ValuePath(parsing: "path[1].detail.title").evaluate(in: navigation) == "Milk")
    #expect(try ValuePath(parsing: "path[0].list.rows").evaluate(in: navigation) == 2)
    #expect(try ValuePath(parsing: "destination.edit.title").evaluate(in: navigation) == "Eggs")
    #expect(try ValuePath(parsing: "destination.edit.tags.count").evaluate(in: navigation) == 1)
    #expect(try ValuePath(parsing: #"todos[id: "B-2"].title"#).evaluate(in: navigation) == "two")
    #expect(try ValuePath(parsing: "path.count").evaluate(in: navigation) == 2)
    #expect(try ValuePath(parsing: "path[id: 7]").evaluate(in: navigation) == nil)
    #expect(try ValuePath(parsing: "destination.alert").evaluate(in: navigation) == nil)
    #expect(try ValuePath(parsing: "path[id: 3].detail").description == "path[id: 3].detail")
    #expect(
      try ValuePath(parsing: #"todos[id: "B-2"]"#).description == #"todos[id: "B-2"]"#
    )
  }

  /// The `_0` the JSON spells for an enum case's payload reads the payload too, as `state`,
  /// `history` and `find` take paths copied from the JSON.
  @Test func anEnumCasesPayloadReadsWithOrWithoutItsZero() throws {
    #expect(try ValuePath(parsing: "destination.edit._0.title").evaluate(in: navigation) == "Eggs")
    #expect(try ValuePath(parsing: "path[1].detail._0.title").evaluate(in: navigation) == "Milk")
    #expect(
      try ValuePath(parsing: "destination.edit._0").evaluate(in: navigation)
        == ValuePath(parsing: "destination.edit").evaluate(in: navigation))
    let nested: JSONValue = ["a": ["_0": ["_0": 5]]]
    #expect(try ValuePath(parsing: "a").evaluate(in: nested) == ["_0": 5])
    #expect(try ValuePath(parsing: "a._0").evaluate(in: nested) == ["_0": 5])
    #expect(try ValuePath(parsing: "a._0._0").evaluate(in: nested) == 5)
    // Beside another member, `e` is no enum's case: its `_0` is a member like any other.
    let beside: JSONValue = ["e": ["_0": ["n": 1]], "x": 0]
    #expect(try ValuePath(parsing: "e._0.n").evaluate(in: beside) == 1)
    #expect(try ValuePath(parsing: "e.n").evaluate(in: beside) == nil)
  }

  @Test func badIDSubscriptsAreSyntaxErrors() {
    #expect(throws: PathSyntaxError.self) { try ValuePath(parsing: "path[id: ]") }
    #expect(throws: PathSyntaxError.self) { try ValuePath(parsing: "path[id: 1.5]") }
    #expect(throws: PathSyntaxError.self) { try ValuePath(parsing: "path[id: 1e300]") }
    #expect(throws: PathSyntaxError.self) { try ValuePath(parsing: "path[id 3]") }
    #expect(throws: PathEvaluationError.self) {
      try ValuePath(parsing: "destination[id: 1]").evaluate(in: navigation)
    }
  }
}
