import ReducerKitDebug
import Testing

@testable import RKDebugCLI

@Suite struct PredicateTests {
  let state: JSONValue = [
    "title": "Shelf of Books",
    "count": 3,
    "ratio": 0.5,
    "isLoading": false,
    "books": [
      ["title": "Dune", "isRead": true],
      ["title": "Emma", "isRead": false],
    ],
    "tags": ["sf", "classic"],
    "status": ["loaded": ["_0": 3]],
    "filter": ["all": [:]],
    "empty": "",
  ]

  func holds(_ text: String) throws -> Bool {
    try Predicate(parsing: text).evaluate(in: state)
  }

  @Test func comparisons() throws {
    #expect(try holds("count == 3"))
    #expect(try holds("count == 3.0"))
    #expect(try !holds("count != 3"))
    #expect(try holds("count < 4 && count <= 3 && count > 2 && count >= 3"))
    #expect(try holds("ratio < 1"))
    #expect(try holds("-1 < count"))
    #expect(try holds(#"title == "Shelf of Books""#))
    #expect(try holds("title == 'Shelf of Books'"))
    #expect(try holds(#"books[0].title < "E""#))
    #expect(try holds("isLoading == false"))
    #expect(try holds("books[1].isRead != true"))
  }

  @Test func nilComparesAsSwiftOptionals() throws {
    #expect(try holds("note == nil"))
    #expect(try !holds("note != nil"))
    #expect(try holds("books[5] == nil"))
    #expect(try !holds("note < 3"))
    #expect(try !holds("note > 3"))
    #expect(try !holds(#"note contains "x""#))
  }

  @Test func contains() throws {
    #expect(try holds(#"title contains "of""#))
    #expect(try !holds(#"title contains "OF""#))
    #expect(try holds(#"tags contains "sf""#))
    #expect(try !holds(#"tags contains "new""#))
    #expect(try holds(#"books contains books[0]"#))
    #expect(try holds(#"status contains "loaded""#))
  }

  @Test func enumCasesEqualTheirNames() throws {
    #expect(try holds(#"status == "loaded""#))
    #expect(try holds(#"filter == "all""#))
    #expect(try !holds(#"filter == "active""#))
  }

  @Test func logicAndPrecedence() throws {
    #expect(try holds("count == 3 || isLoading && false"))
    #expect(try !holds("(count == 3 || isLoading) && false"))
    #expect(try holds("!isLoading"))
    #expect(try holds("!(count == 4)"))
    #expect(try holds("!!books"))
    #expect(try holds("!isLoading == true"))
    #expect(try holds("true"))
    #expect(try !holds("nil"))
  }

  @Test func bareValuesAreTruthy() throws {
    #expect(try holds("books"))
    #expect(try holds("count"))
    #expect(try holds("books[0].isRead"))
    #expect(try !holds("books[1].isRead"))
    #expect(try !holds("isLoading"))
    #expect(try !holds("empty"))
    #expect(try !holds("note"))
    #expect(try holds("books.count"))
  }

  @Test func syntaxErrorsPointAtTheColumn() {
    #expect(throws: PathSyntaxError("expected a value after '=='", column: 15)) {
      try Predicate(parsing: "books.count ==")
    }
    #expect(throws: PathSyntaxError("expected a value after '&&', found ')'", column: 14)) {
      try Predicate(parsing: "(count > 1 &&)")
    }
    #expect(
      throws: PathSyntaxError(
        "expected ')' to close the '(' at column 1, found the end", column: 11
      )
    ) {
      try Predicate(parsing: "(count > 1")
    }
    #expect(throws: PathSyntaxError("unexpected ')' without a matching '('", column: 10)) {
      try Predicate(parsing: "count > 1)")
    }
    #expect(throws: PathSyntaxError("unexpected '='; compare with '=='", column: 7)) {
      try Predicate(parsing: "count = 3")
    }
    #expect(throws: PathSyntaxError("unexpected '&'; write '&&'", column: 7)) {
      try Predicate(parsing: "count & isLoading")
    }
    #expect(
      throws: PathSyntaxError("comparisons cannot be chained; join them with '&&'", column: 11)
    ) {
      try Predicate(parsing: "1 < count < 5")
    }
    #expect(
      throws: PathSyntaxError(
        "unexpected 'isLoading'; expected '&&', '||', a comparison or the end", column: 7
      )
    ) {
      try Predicate(parsing: "count isLoading")
    }
    #expect(
      throws: PathSyntaxError("expected a value after 'contains'", column: 15)
    ) {
      try Predicate(parsing: "title contains")
    }
    #expect(
      throws: PathSyntaxError(
        "expected a predicate such as 'count > 3 && !isLoading'", column: 4
      )
    ) {
      try Predicate(parsing: "   ")
    }
  }

  @Test func theBriefsExampleMessage() {
    #expect(throws: PathSyntaxError("expected a value after '=='", column: 12)) {
      try Predicate(parsing: "todos[0] ==")
    }
    let error = #expect(throws: PathSyntaxError.self) { try Predicate(parsing: "todos[0] ==") }
    #expect(error?.description == "expected a value after '==' at column 12")
  }

  @Test func evaluationErrors() throws {
    #expect(throws: PathEvaluationError("no 'titel' in books[0]; did you mean 'title'?")) {
      try holds(#"books[0].titel == "Dune""#)
    }
    #expect(
      throws: PathEvaluationError(
        "'<' at column 7 cannot order a string and a number; it orders numbers with numbers "
          + "and strings with strings"
      )
    ) {
      try holds("title < 3")
    }
    #expect(
      throws: PathEvaluationError(
        "'contains' at column 7 needs a string, an array or an object on its left (and a "
          + "string for a string or an object), not a number and a number"
      )
    ) {
      try holds("count contains 3")
    }
  }

  @Test func shortCircuitSkipsTheRightSide() throws {
    // The right side would throw (a misspelt name), but is never evaluated.
    #expect(try holds("count == 3 || books[0].titel == 1"))
    #expect(try !holds("count == 4 && books[0].titel == 1"))
  }

  @Test func textAndTree() throws {
    let predicate = try Predicate(parsing: "count > 3 && !isLoading || title contains 'x'")
    #expect(predicate.description == "count > 3 && !isLoading || title contains 'x'")
    #expect(
      predicate.expression.description
        == #"(((count > 3) && !isLoading) || (title contains "x"))"#
    )
  }
}
