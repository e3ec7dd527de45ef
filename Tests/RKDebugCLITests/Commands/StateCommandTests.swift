import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug state`, through the built executable.
@Suite(.serialized) struct StateCommandTests {
  @Test func printsTheStateAsIndentedSortedJSON() async throws {
    let log = try await RecordedLog.shelf()
    let initial = try log.run(["state", "--at", "0"])
    #expect(initial.status == 0)
    #expect(
      initial.stdout == """
        {
          "books": [],
          "count": 0,
          "settings": {
            "fontSize": 12,
            "isDark": false
          },
          "title": "Shelf"
        }

        """
    )
    #expect(
      try log.run(["state", "--at", "12"]).stdout == """
        {
          "books": [
            {
              "isRead": false,
              "title": "Emma 2"
            }
          ],
          "count": 42,
          "settings": {
            "fontSize": 12,
            "isDark": true
          },
          "title": "Books"
        }

        """
    )
  }

  @Test func everyIndexMatchesTheStatesTheStoreHad() async throws {
    // Small snapshot interval: indices are rebuilt from snapshots before and after them.
    let log = try await RecordedLog.shelf(snapshotInterval: 3)
    var state = Shelf.State()
    var expected = [state]
    for action in Shelf.sampleActions {
      _ = Shelf().reduce(into: &state, action: action)
      expected.append(state)
      if action == .load {
        _ = Shelf().reduce(into: &state, action: .loaded(42))
        expected.append(state)
      }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (index, state) in expected.enumerated() {
      let result = try log.run(["state", "--at", String(index), "--json"])
      #expect(result.stdout == String(decoding: try encoder.encode(state), as: UTF8.self) + "\n")
    }
  }

  @Test func pathsPrintOneValue() async throws {
    let log = try await RecordedLog.shelf()
    func value(_ path: String, at index: Int, json: Bool = false) throws -> String {
      try log.run(["state", "--at", String(index), "--path", path] + (json ? ["--json"] : []))
        .stdout
    }
    #expect(try value("books[0].title", at: 12) == "Emma 2\n")
    #expect(try value("books[0].title", at: 12, json: true) == "\"Emma 2\"\n")
    #expect(try value("count", at: 7) == "42\n")
    #expect(try value("settings.isDark", at: 9) == "true\n")
    #expect(try value("books.count", at: 3) == "2\n")
    #expect(try value("title.count", at: 12) == "5\n")
    #expect(try value("note", at: 5) == "hello\n")
    #expect(try value("note", at: 12) == "nil\n")
    #expect(try value("note", at: 12, json: true) == "null\n")
    #expect(
      try value("books[1]", at: 3) == """
        {
          "isRead": false,
          "title": "Emma"
        }

        """
    )
    #expect(try value("settings", at: 9, json: true) == #"{"fontSize":12,"isDark":true}"# + "\n")
  }

  @Test func unknownPathsAndIndicesAreErrors() async throws {
    let log = try await RecordedLog.shelf()
    let before = try log.fingerprint()
    let cases: [([String], String)] = [
      (
        ["--at", "3", "--path", "books[1].titel"],
        "no 'titel' in books[1]; did you mean 'title'?"
      ),
      (
        ["--at", "12", "--path", "nots"],
        "no 'nots' in the state; did you mean 'note'?"
      ),
      (
        ["--at", "3", "--path", "shelves"],
        "no 'shelves' in the state (it has 'books', 'count', 'settings', 'title'); "
          + "no state of session 1 has 'shelves'"
      ),
      (
        ["--at", "3", "--path", "books[5]"],
        "books has 2 elements; there is no [5] at index 3"
      ),
      (
        ["--at", "3", "--path", "count.value"],
        "count is a number, which has no 'value'"
      ),
    ]
    for (arguments, message) in cases {
      let result = try log.run(["state"] + arguments)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stdout == "")
      #expect(result.stderrLines == ["rkdebug: error: \(message)"])
    }
    #expect(try log.fingerprint() == before)
  }

  /// Through the built executable; ArgumentParsingTests checks every kind in process.
  @Test func malformedPathIsAUsageError() async throws {
    let log = try await RecordedLog.shelf()
    let before = try log.fingerprint()
    let result = try log.run(["state", "--at", "3", "--path", "books[0"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "rkdebug: error: The value 'books[0' is invalid for '--path <path>': expected ']' to "
          + "close the '[' at column 6, found the end at column 8 (see 'rkdebug help state')"
      ]
    )
    #expect(try log.fingerprint() == before)
  }

  @Test func indexOutOfRange() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["state", "--at", "13"])
    #expect(result.status == 1)
    #expect(
      result.stderrLines == [
        "rkdebug: error: index 13 is out of range: this session has actions 1...12 "
          + "(0 is the initial state)"
      ]
    )
  }
}
