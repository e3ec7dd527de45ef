import Testing

@testable import RKDebugCLI

@Suite struct TerminalTests {
  @Test func plainOutputIsUnchanged() {
    #expect(Terminal.plain.styled("count", .bold) == "count")
    #expect(Terminal.plain.coloredDiff("- a\n+ b\n  c") == "- a\n+ b\n  c")
  }

  @Test func coloredOutputUsesANSIStyles() {
    let terminal = Terminal(isColored: true)
    #expect(terminal.styled("count", .bold) == "\u{1B}[1mcount\u{1B}[0m")
    #expect(terminal.styled("", .bold) == "")
    #expect(
      terminal.coloredDiff("  S(\n-   a: 1\n+   a: 2\n  )")
        == "  S(\n\u{1B}[31m-   a: 1\u{1B}[0m\n\u{1B}[32m+   a: 2\u{1B}[0m\n  )"
    )
  }
}

@Suite struct TextTableTests {
  @Test func columnsAreAsWideAsTheirWidestCell() {
    var table = TextTable(
      header: ["ID", "FEATURE", "ACTIONS"], alignments: [.right, .left, .right])
    table.rows = [["1", "counter", "12"], ["10", "todos", "3"]]
    #expect(
      table.lines == [
        "ID  FEATURE  ACTIONS",
        " 1  counter       12",
        "10  todos          3",
      ]
    )
  }

  @Test func noTrailingSpaces() {
    var table = TextTable(header: [], alignments: [.left, .left])
    table.rows = [["a", ""], ["bbb", "c"]]
    #expect(table.lines == ["a", "bbb  c"])
  }
}
