import CustomDump
import Foundation
import ReducerKitDebug
import ReducerKitSamples
import ReducerKitTestSupport
import Testing

/// Action labels that custom-dump prints on several lines, as the one-line commands show them:
/// they read like code, with no space inside brackets or parentheses, and the text of a string
/// kept as it is.
@Suite(.serialized) struct SingleLineLabelTests {
  @Test func arraysAndStringsInLogBisectAndTheStepperRead() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        Shelf(), initialState: Shelf.State(),
        actions: [.addBooks(["Dune", "Emma"]), .setNote("see ( this )"), .retitleBook(1, "[ x ]")]
      )
    }
    let labels = [
      #"Shelf.Action.addBooks([[0]: "Dune", [1]: "Emma"])"#,
      #"Shelf.Action.setNote("see ( this )")"#,
      #"Shelf.Action.retitleBook(1, "[ x ]")"#,
    ]
    let result = try log.run(["log"])
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        1  send  \(labels[0])
        2  send  \(labels[1])
        3  send  \(labels[2])

        """
    )
    let bisect = try log.run(["bisect", "--where", "books.count >= 2"])
    #expect(bisect.stdout.contains("\naction 1 (send): \(labels[0])\n"), "\(bisect.stdout)")
    let note = try log.run(["bisect", "--where", "note != nil"])
    #expect(note.stdout.contains("\naction 2 (send): \(labels[1])\n"), "\(note.stdout)")
  }

  @Test func nestedEnumCasesOfTodos() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(
        Todos().testDependencies(), initialState: Todos.State(),
        actions: [
          .addTodoButtonTapped,
          .todos(.element(id: UUID(0), action: .titleChanged("Milk"))),
        ],
        feature: Todos.name
      )
    }
    let result = try log.run(["log", "--from", "2"])
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        2  send  Todos.Action.todos(.element(id: UUID(00000000-0000-0000-0000-000000000000), \
        action: .titleChanged("Milk")))

        """
    )
  }
}

/// A label holding a line break of any kind (`\r\n`, `\r`, U+2028…) stays on one line in
/// `log`; `log --json` keeps custom-dump's whole label, escaped, one action a line.
@Suite(.serialized) struct LineBreakLabelTests {
  static let actions: [Shelf.Action] = [
    .setNote("one\r\ntwo"), .rename("a\rb"), .addBook("x\u{2028}y\u{2029}z\u{85}w"),
    .setNote("v\u{B}f\u{C}"),
  ]

  @Test func everyKindOfLineBreakStaysOnOneLine() async throws {
    let log = try await RecordedLog.make { log in
      try await log.record(Shelf(), initialState: Shelf.State(), actions: Self.actions)
    }
    let result = try log.run(["log"])
    #expect(result.stderr == "")
    #expect(
      result.stdout == #"""
        1  send  Shelf.Action.setNote(""" one two """)
        2  send  Shelf.Action.rename(""" a b """)
        3  send  Shelf.Action.addBook(""" x y z w """)
        4  send  Shelf.Action.setNote(""" v f """)

        """#
    )
    let json = try log.run(["log", "--json"])
    #expect(json.stderr == "")
    let lines = json.stdout.split(separator: "\n")
    #expect(lines.count == Self.actions.count)
    for (line, action) in zip(lines, Self.actions) {
      let label = try JSONValue(parsing: Data(line.utf8))["label"]?.stringValue
      #expect(label.map { Array($0.utf8) } == Array(String(customDumping: action).utf8))
    }
  }
}
