import CustomDump
import Foundation
import ReducerKit
import Testing

@Suite struct TextStateTests {
  @Test func showsItsTextVerbatim() {
    let text = TextState("Hello, ") + TextState(verbatim: "Blob") + TextState("!")
    #expect(String(state: text) == "Hello, Blob!")
    #expect(String(customDumping: text) == #""Hello, Blob!""#)
  }

  @Test func aConcatenationNeverEqualsPlainText() {
    #expect(TextState("ab") == TextState(verbatim: "ab"))
    #expect(TextState("a") + TextState("b") != TextState("ab"))
    #expect(TextState("a") + TextState("b") == TextState("a") + TextState("b"))
    #expect((TextState("a") + TextState("b")) + TextState("c")
      != TextState("a") + (TextState("b") + TextState("c")))
  }

  @Test func encodesAsAStringOrItsTwoParts() throws {
    let text = (TextState("a") + TextState("b")) + TextState("c")
    #expect(try jsonString(TextState("Delete?")) == #""Delete?""#)
    #expect(try jsonString(text) == #"[["a","b"],"c"]"#)
    #expect(try decodeJSON(TextState.self, #"[["a","b"],"c"]"#) == text)
  }

  @Test func refusesAnArrayOfAnotherLength() {
    #expect {
      try decodeJSON(TextState.self, #"["a","b","c"]"#)
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription
        == "A TextState is a string or an array of two TextStates, not an array of 3."
    }
  }
}
