import CustomDump
import Foundation
import ReducerKit
import IdentifiedCollections
import ReducerKitSamples
import Testing

@testable import ReducerKitDebug

/// A multi-line label joined on one line: byte by byte for plain ASCII, by `Character`
/// otherwise, with the same result.
@Suite("Single-line labels")
struct SingleLineLabelTests {
  static let labels: [String] = [
    String(customDumping: Todos.Action.todos(.element(id: UUID(0), action: .checkBoxToggled))),
    String(customDumping: Todos.Action.delete(IndexSet([0, 2]))),
    String(customDumping: Todos.Action.move(IndexSet(integer: 1), 3)),
    String(customDumping: ["a": [1, 2], "b": []] as [String: [Int]]),
    "Feature.Action.say(\n  \"\"\"\n  a ( b\n  \t  c )\n  \"\"\"\n)",
    "(\n\n  \t\n  x\n)\n",
    "a\n  b\n    [c]\n  d",
  ]

  @Test(arguments: labels)
  func asciiLabelsJoinByteByByte(label: String) {
    #expect(label.contains("\n"))
    #expect(LoggedAction.joiningASCIILines(label) == LoggedAction.joiningLines(label))
  }

  @Test func joinsTheWayCodeIsWritten() {
    let label = String(
      customDumping: Todos.Action.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    #expect(
      LoggedAction.joiningASCIILines(label)
        == "Todos.Action.todos(.element(id: UUID(00000000-0000-0000-0000-000000000000),"
        + " action: .checkBoxToggled))")
  }
}
