import Foundation
import ReducerKitDebug
import Testing

/// `rkdebug log`, through the built executable.
@Suite(.serialized) struct LogCommandTests {
  @Test func listsEveryActionWithItsSource() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["log"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
         1  send             Shelf.Action.increment
         2  send             Shelf.Action.addBook("Dune")
         3  send             Shelf.Action.addBook("Emma")
         4  send             Shelf.Action.toggleRead(0)
         5  send             Shelf.Action.setNote("hello")
         6  send             Shelf.Action.load
         7  effect #1 of #6  Shelf.Action.loaded(42)
         8  send             Shelf.Action.retitleBook(1, "Emma 2")
         9  send             Shelf.Action.setDark(true)
        10  send             Shelf.Action.setNote(nil)
        11  send             Shelf.Action.removeBook(0)
        12  send             Shelf.Action.rename("Books")

        """
    )
  }

  @Test func rangeAndGrep() async throws {
    let log = try await RecordedLog.shelf()
    #expect(
      try log.run(["log", "--from", "6", "--to", "8"]).stdout == """
        6  send             Shelf.Action.load
        7  effect #1 of #6  Shelf.Action.loaded(42)
        8  send             Shelf.Action.retitleBook(1, "Emma 2")

        """
    )
    let grep = try log.run(["log", "--grep", "BOOK"])
    #expect(
      grep.stdout == """
         2  send             Shelf.Action.addBook("Dune")
         3  send             Shelf.Action.addBook("Emma")
         8  send             Shelf.Action.retitleBook(1, "Emma 2")
        11  send             Shelf.Action.removeBook(0)
        12  send             Shelf.Action.rename("Books")

        """
    )
    #expect(try log.run(["log", "--grep", "nothing like it"]).stdout == "")
  }

  @Test func treeShowsEffectsUnderTheirActions() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        Shelf(), initialState: Shelf.State(),
        actions: [.increment, .load, .fail, .rename("x")]
      )
    }
    let result = try log.run(["log", "--tree"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        1  Shelf.Action.increment
        2  Shelf.Action.load
           └─ effect #1 run, finished
              └─ 3  Shelf.Action.loaded(42)
        4  Shelf.Action.fail
           └─ effect #2 run, failed: the shelf is locked
              └─ 5  Shelf.Action.failed("the shelf is locked")
        6  Shelf.Action.rename("x")

        """
    )
    #expect(
      try log.run(["log", "--tree", "--grep", "loaded"]).stdout == """
        2  Shelf.Action.load
           └─ effect #1 run, finished
              └─ 3  Shelf.Action.loaded(42)

        """
    )
    #expect(
      try log.run(["log", "--tree", "--from", "3", "--to", "3"]).stdout == """
        3  Shelf.Action.loaded(42)  (effect #1 of #2)

        """
    )
  }

  @Test func jsonLines() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["log", "--json", "--from", "6", "--to", "7"])
    let lines = result.stdout.split(separator: "\n").map { try! JSONValue(parsing: String($0)) }
    #expect(lines.count == 2)
    #expect(lines[0]["index"] == 6)
    #expect(lines[0]["source"] == "send")
    #expect(lines[0]["effectID"] == .null)
    #expect(lines[0]["label"] == "Shelf.Action.load")
    #expect(lines[0]["action"] == ["load": [:]])
    #expect(lines[0]["changeCount"] == 0)
    #expect(lines[1]["source"] == "effect")
    #expect(lines[1]["effectID"] == 1)
    #expect(lines[1]["parentIndex"] == 6)
    #expect(lines[1]["action"] == ["loaded": ["_0": 42]])
    #expect(lines[1]["time"]?.stringValue?.hasSuffix("Z") == true)
    #expect(lines[1]["durationNanos"]?.intValue != nil)

    let tree = try log.run(["log", "--json", "--tree", "--from", "6", "--to", "6"])
    let line = try JSONValue(parsing: tree.stdout.trimmingCharacters(in: .newlines))
    #expect(line["effects"]?[0]?["id"] == 1)
    #expect(line["effects"]?[0]?["outcome"] == "finished")
    #expect(line["effects"]?[0]?["kind"] == "run")
  }

  @Test func rangeErrors() async throws {
    let log = try await RecordedLog.shelf()
    let pastEnd = try log.run(["log", "--from", "13"])
    #expect(pastEnd.status == 1)
    #expect(
      pastEnd.stderrLines == [
        "rkdebug: error: index 13 is out of range: this session has actions 1...12 "
          + "(0 is the initial state)"
      ]
    )
    expectUsageError(
      ["log", "--from", "5", "--to", "2"], "--from 5 is after --to 2 (see 'rkdebug help log')")
  }
}
