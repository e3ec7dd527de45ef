import ReducerKitDebug
import Testing

@testable import RKDebugCLI

/// The parsers of user input stop with an error past ``InputLimits``, rather than overflowing
/// the stack (a crash with SIGSEGV) on deeply nested or very long input.
@Suite struct InputLimitsTests {
  let state: JSONValue = ["value": 1]

  func syntaxError(_ text: String) -> PathSyntaxError? {
    do {
      _ = try Predicate(parsing: text)
      return nil
    } catch {
      return error
    }
  }

  @Test func parenthesesNestUpToTheLimit() throws {
    let depth = InputLimits.maximumDepth
    let deepest =
      String(repeating: "(", count: depth) + "value" + String(repeating: ")", count: depth)
    #expect(try Predicate(parsing: deepest).evaluate(in: state))
    let tooDeep = "(" + deepest + ")"
    let error = try #require(syntaxError(tooDeep))
    #expect(error.message.hasPrefix("nested too deeply: predicates nest at most 256 levels"))
    #expect(error.column == depth + 1)
  }

  @Test func tenThousandParenthesesAndFortyThousandNotsAreErrors() throws {
    let parentheses =
      String(repeating: "(", count: 10_000) + "value" + String(repeating: ")", count: 10_000)
    #expect(syntaxError(parentheses)?.message.hasPrefix("nested too deeply") == true)
    let nots = String(repeating: "!", count: 40_000) + "value"
    #expect(syntaxError(nots)?.message.hasPrefix("nested too deeply") == true)
    #expect(syntaxError(String(repeating: "(", count: 10_000))?.column == 257)
  }

  @Test func notsNestUpToTheLimit() throws {
    // 256 `!`s and the operand make a tree 257 deep: one `!` fewer is the deepest allowed.
    let deepest = String(repeating: "!", count: InputLimits.maximumDepth - 1) + "value"
    #expect(try !Predicate(parsing: deepest).evaluate(in: state))
    #expect(syntaxError("!" + deepest) != nil)
  }

  @Test func longChainsOfAndAndOrCountAsNesting() throws {
    // A chain of `&&` is a left-leaning tree as deep as it is long: evaluating or releasing a
    // 6,000-long one would recurse 6,000 deep.
    let allowed = Array(repeating: "value == 1", count: 200).joined(separator: " && ")
    #expect(try Predicate(parsing: allowed).evaluate(in: state))
    let long = Array(repeating: "value", count: 6_000).joined(separator: " || ")
    let error = try #require(syntaxError(long))
    #expect(error.message.hasPrefix("nested too deeply"))
    let mixed = Array(repeating: "(value && value)", count: 300).joined(separator: " || ")
    #expect(syntaxError(mixed)?.message.hasPrefix("nested too deeply") == true)
  }

  @Test func pathsAndPredicatesAreAtMost64KiB() throws {
    let path = "a" + String(repeating: ".a", count: InputLimits.maximumLength / 2)
    #expect(path.utf8.count == InputLimits.maximumLength + 1)
    #expect(throws: PathSyntaxError.self) { try ValuePath(parsing: path) }
    let error = try #require(syntaxError(path + " == 1"))
    #expect(error.message.hasPrefix("too long: 65542 bytes"))
    #expect(error.column == InputLimits.maximumLength + 1)
    // Just within the limit, the same path parses and evaluates (to nil: no such member).
    let within = String(path.dropLast(2))
    #expect(try ValuePath(parsing: within).components.count == InputLimits.maximumLength / 2)
    #expect(try !Predicate(parsing: within).evaluate(in: state))
  }

  @Test func stepperLinesAreAtMost64KiB() throws {
    let line = "until " + String(repeating: "x", count: InputLimits.maximumLength)
    #expect(throws: StepperCommand.ParseError.self) { try StepperCommand.parse(line) }
    let within = "until " + String(repeating: "x", count: InputLimits.maximumLength - 6)
    #expect(try StepperCommand.parse(within) == .until(String(within.dropFirst(6))))
  }

  @Test func errorMessagesQuoteLongInputShortly() throws {
    #expect(InputLimits.quoted("count > 3") == "'count > 3'")
    let long = String(repeating: "(", count: 10_000)
    #expect(
      InputLimits.quoted(long) == "'" + String(repeating: "(", count: 60) + "…' (10000 bytes)")
    // The usage error of such a --where: ArgumentParsingTests.inputPastTheLimitsIsAShortUsageError.
  }
}
