import Foundation
import ReducerKitDebug
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
