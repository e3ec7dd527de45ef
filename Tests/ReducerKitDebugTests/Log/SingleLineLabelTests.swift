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

  /// A listing appends the label on one line from its bytes, whatever the label holds.
  @Test(
    arguments: labels + [
      "", "A.b", "A.b(\"é\")", "A.b(\n  \"é\"\n)", "A.b(\r\n  x\r\n)", "(\n\u{2028}y\n)",
      "A.b(\u{0B}x)", " \n ",
    ])
  func labelsAppendOnOneLineFromTheirBytes(label: String) {
    var bytes: [UInt8] = Array("prefix ".utf8)
    var text = label
    text.withUTF8 { LoggedAction.appendSingleLine(ofLabel: $0, to: &bytes) }
    let expected =
      label.contains(where: \.isNewline) ? LoggedAction.joiningLines(label) : label
    #expect(String(decoding: bytes, as: UTF8.self) == "prefix " + expected)
  }

  @Test func joinsTheWayCodeIsWritten() {
    let label = String(
      customDumping: Todos.Action.todos(.element(id: UUID(0), action: .checkBoxToggled)))
    #expect(
      LoggedAction.joiningASCIILines(label)
        == "Todos.Action.todos(.element(id: UUID(00000000-0000-0000-0000-000000000000),"
        + " action: .checkBoxToggled))")
  }

  /// The lines of a label are trimmed of exactly what `trimmingCharacters(in: .whitespaces)`
  /// trims: every scalar Foundation's set holds, and no other.
  @Test func linesAreTrimmedOfFoundationsWhitespace() {
    var blanks: [Unicode.Scalar] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), CharacterSet.whitespaces.contains(scalar) else {
        continue
      }
      blanks.append(scalar)
    }
    #expect(blanks.count > 10)
    let padding = String(String.UnicodeScalarView(blanks))
    let label = "A.b(\n\(padding)x\u{0301}\(padding)\n\(padding)\u{3000}\n\u{2028}y\u{2003}\n)"
    let expected = label.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    #expect(expected == ["A.b(", "x\u{0301}", "y", ")"])
    #expect(LoggedAction.joiningLines(label) == "A.b(x\u{0301} y)")
    let others = (UInt32(0)...0x3100).compactMap(Unicode.Scalar.init).filter {
      !CharacterSet.whitespaces.contains($0) && !Character($0).isNewline
    }
    for scalar in others {
      #expect(LoggedAction.joiningLines("(\n\(scalar)\n)") == "(\(scalar))", "\(scalar.value)")
    }
  }
}
