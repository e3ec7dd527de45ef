import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

/// `rkdebug changes`, through the built executable.
@Suite(.serialized) struct ChangesCommandTests {
  @Test func registeredFeatureIsByteIdenticalToTheLivePrintChanges() async throws {
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.record(
        Counter().testDependencies()._printChanges(printed.printer()),
        initialState: Counter.State(),
        actions: [.increment, .increment, .factButtonTapped, .decrement, .reset, .reset],
        feature: Counter.name
      )
    }
    let result = try log.run(["changes"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(!printed.output.isEmpty)
    #expect(result.stdout == printed.output)
  }

  @Test func registeredTodosWithIdentifiedRowsAndEffects() async throws {
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.record(
        Todos().testDependencies()._printChanges(printed.printer()),
        initialState: Todos.State(),
        actions: [
          .addTodoButtonTapped, .addTodoButtonTapped,
          .todos(.element(id: UUID(0), action: .titleChanged("Milk"))),
          .todos(.element(id: UUID(1), action: .checkBoxToggled)),
          .filterPicked(.completed),
        ],
        feature: Todos.name
      )
    }
    let result = try log.run(["changes"])
    #expect(result.stderr == "")
    #expect(result.stdout == printed.output)
    #expect(result.stdout.contains("received action:\n  Todos.Action.todos("))
  }

  @Test func registeredSearchWithDebouncedEffects() async throws {
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.record(
        Search().testDependencies()._printChanges(printed.printer()),
        initialState: Search.State(),
        actions: [
          .queryChanged("ber"), .searchResultTapped("Bern"), .queryChanged("par"),
          .searchResultTapped("Nowhere"), .queryChanged(""),
        ],
        feature: Search.name
      )
    }
    let result = try log.run(["changes"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == printed.output)
    // The responses the debounced effects emitted are in it, at their own index.
    #expect(result.stdout.contains("received action:\n  Search.Action.searchResponse(\n"))
    #expect(result.stdout.contains(#"selectedResult: "Bern""#))
  }

  @Test func registeredAppWithScopesAnEnumTabAndAnOptionalSheet() async throws {
    let printed = PrintedChanges()
    let log = try await RecordedLog.make { log in
      try await log.record(
        AppFeature().testDependencies()._printChanges(printed.printer()),
        initialState: AppFeature.State(),
        actions: [
          .counter(.increment), .tab(.todos(.addTodoButtonTapped)),
          .tab(.todos(.todos(.element(id: UUID(0), action: .titleChanged("Milk"))))),
          .searchButtonTapped, .search(.queryChanged("par")), .search(.searchResultTapped("Paris")),
          .searchDismissed, .tab(.selected(.settings)),
          .tab(.settings(.displayNameChanged("Ann"))), .tab(.settings(.themePicked(.dark))),
          .tab(.settings(.notificationsToggled)), .counter(.decrement),
        ],
        feature: AppFeature.name
      )
    }
    let result = try log.run(["changes"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == printed.output)
    #expect(result.stdout.contains("  AppFeature.Action.search(\n    .searchResponse(\n"))
    #expect(result.stdout.contains("    .settings(\n      .themePicked(.dark)\n"))
  }

  @Test func unregisteredFeatureIsRenderedFromTheJSON() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["changes", "--from", "1", "--to", "4"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        received action:
          Shelf.Action.increment
          Shelf.State(
            books: [],
        -   count: 0,
        +   count: 1,
            settings: (…),
            title: "Shelf"
          )

        received action:
          Shelf.Action.addBook("Dune")
          Shelf.State(
            books: [
        +     [0]: (
        +       isRead: false,
        +       title: "Dune"
        +     )
            ],
            count: 1,
            settings: (…),
            title: "Shelf"
          )

        received action:
          Shelf.Action.addBook("Emma")
          Shelf.State(
            books: [
              [0]: (…),
        +     [1]: (
        +       isRead: false,
        +       title: "Emma"
        +     )
            ],
            count: 1,
            settings: (…),
            title: "Shelf"
          )

        received action:
          Shelf.Action.toggleRead(0)
          Shelf.State(
            books: [
              [0]: (
        -       isRead: false,
        +       isRead: true,
                title: "Dune"
              ),
              [1]: (…)
            ],
            count: 1,
            settings: (…),
            title: "Shelf"
          )


        """
    )
  }

  @Test func optionalsNilOnOneSideAndNoChanges() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        Shelf(), initialState: Shelf.State(),
        actions: [.setNote("hi"), .setNote(nil), .load]
      )
    }
    let result = try log.run(["changes", "--from", "1", "--to", "3"])
    #expect(
      result.stdout == """
        received action:
          Shelf.Action.setNote(
            "hi"
          )
          Shelf.State(
            books: [],
            count: 0,
        -   note: nil,
        +   note: "hi",
            settings: (…),
            title: "Shelf"
          )

        received action:
          Shelf.Action.setNote(nil)
          Shelf.State(
            books: [],
            count: 0,
        -   note: "hi",
        +   note: nil,
            settings: (…),
            title: "Shelf"
          )

        received action:
          Shelf.Action.load
          (No state changes)


        """
    )
  }

  @Test func jsonLinesHoldEachActionsPatch() async throws {
    let log = try await RecordedLog.shelf()
    let result = try log.run(["changes", "--from", "6", "--to", "8", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == #"""
        {"effectID":null,"index":6,"label":"Shelf.Action.load","parentIndex":null,"patch":[],\#
        "source":"send"}
        {"effectID":1,"index":7,"label":"Shelf.Action.loaded(42)","parentIndex":6,\#
        "patch":[{"old":1,"op":"replace","path":"/count","value":42}],"source":"effect"}
        {"effectID":null,"index":8,"label":"Shelf.Action.retitleBook(\n  1,\n  \"Emma 2\"\n)",\#
        "parentIndex":null,"patch":[{"old":{"isRead":false,"title":"Emma"},"op":"replace",\#
        "path":"/books/1","value":{"isRead":false,"title":"Emma 2"}}],"source":"send"}

        """#
    )
    // Applying the patches one after the other goes from state to state.
    var state = try JSONValue(parsing: try log.run(["state", "--at", "0", "--json"]).stdout)
    let all = try log.run(["changes", "--json"]).stdout.split(separator: "\n")
    #expect(all.count == 12)
    for line in all {
      let change = try JSONValue(parsing: String(line))
      let patch = try #require(change["patch"])
      try state.apply(try JSONPatchOperation.operations(parsing: patch.serialized()))
    }
    let last = try JSONValue(parsing: try log.run(["state", "--at", "12", "--json"]).stdout)
    #expect(state == last)
    #expect(try log.run(["changes", "--from", "1", "--to", "1", "--json"]).stdout.hasPrefix("{"))
  }
}
