import CustomDump
import Foundation
import ReducerKitDebug
import ReducerKitSamples
import Testing

/// `rkdebug diff`, through the built executable.
@Suite(.serialized) struct DiffCommandTests {
  @Test func textDiffBetweenTwoIndices() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["diff", "--from", "0", "--to", "12"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
          Shelf.State(
            books: [
        +     [0]: (
        +       isRead: false,
        +       title: "Emma 2"
        +     )
            ],
        -   count: 0,
        +   count: 42,
            settings: (
              fontSize: 12,
        -     isDark: false
        +     isDark: true
            ),
        -   title: "Shelf"
        +   title: "Books"
          )

        """
    )
  }

  @Test func backwardsAndUnchanged() async throws {
    let log = try await RecordedLog.shelf()
    #expect(
      try log.run(["diff", "--from", "9", "--to", "8"]).stdout == """
          Shelf.State(
            books: […],
            count: 42,
            note: "hello",
            settings: (
              fontSize: 12,
        -     isDark: true
        +     isDark: false
            ),
            title: "Shelf"
          )

        """
    )
    #expect(try log.run(["diff", "--from", "6", "--to", "6"]).stdout == "(No state changes)\n")
    #expect(try log.run(["diff", "--from", "5", "--to", "6"]).stdout == "(No state changes)\n")
  }

  /// The shipped `rkdebug` registers `counter`: its states are decoded and diffed as
  /// custom-dump diffs them.
  @Test func aRegisteredFeaturesStatesAreDiffedAsTheirTypes() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        Counter(), initialState: Counter.State(), actions: [.increment, .increment, .decrement],
        feature: Counter.name)
    }
    let result = try log.run(["diff", "--from", "0", "--to", "2"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let difference = diff(Counter.State(), Counter.State(count: 2))
    let expected = try #require(difference)
    #expect(result.stdout == expected + "\n")
    #expect(try log.run(["diff", "--from", "1", "--to", "3"]).stdout == "(No state changes)\n")
  }

  /// A session recorded under `counter` whose `fact` became a number at action 3: from there
  /// its states no longer decode as `Counter.State`, and the diff is the JSON's, with a warning.
  @Test func statesThatNoLongerDecodeAreDiffedFromTheJSON() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        NumericFactCounter(), initialState: NumericFactCounter.State(),
        actions: [.increment, .increment, .learnFact], feature: Counter.name)
    }
    let typed = try log.run(["diff", "--from", "0", "--to", "2"])
    #expect(typed.stderr.isEmpty)
    #expect(typed.stdout.contains("factError: nil"))
    let result = try log.run(["diff", "--from", "0", "--to", "3"])
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "rkdebug: warning: the states of this session no longer decode as feature 'counter' ("))
    #expect(result.stdout.contains("+   fact: 2,"))
    #expect(!result.stdout.contains("factError: nil"))
  }

  @Test func jsonIsAPatchWithOldValues() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["diff", "--from", "0", "--to", "12", "--json"])
    #expect(
      result.stdout == #"""
        [{"op":"add","path":"/books/0","value":{"isRead":false,"title":"Emma 2"}},\#
        {"old":0,"op":"replace","path":"/count","value":42},\#
        {"old":false,"op":"replace","path":"/settings/isDark","value":true},\#
        {"old":"Shelf","op":"replace","path":"/title","value":"Books"}]

        """#
    )
    var state = try JSONValue(parsing: try log.run(["state", "--at", "0", "--json"]).stdout)
    try state.apply(try JSONPatchOperation.operations(parsing: result.stdout))
    let last = try JSONValue(parsing: try log.run(["state", "--at", "12", "--json"]).stdout)
    #expect(state == last)
    #expect(try log.run(["diff", "--from", "6", "--to", "6", "--json"]).stdout == "[]\n")
  }
}
