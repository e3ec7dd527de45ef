import Foundation
import RKDebugCLI
import RKDebugCollector
import ReducerKitSamples
import Testing

/// The body of README.md's "Your own rkdebug" example, word for word (the test below checks
/// it), so that the documented registration keeps compiling. It is never called: `main`
/// exits the process.
enum ReadmeRegistration {
  static func main() async {
await RKDebug.main(features: [
  .feature(
    "counter", summary: "The counter screen",
    reducer: { Counter() },
    initialState: { Counter.State() }
  )
])
  }
}

/// README.md's registration with the team's commands, word for word.
enum ReadmeTeamRegistration {
  static func main() async {
await RKDebug.main(features: [
  .feature(
    "counter", summary: "The counter screen",
    reducer: { Counter() },
    initialState: { Counter.State() }
  )
], team: .collector)
  }
}

@Suite struct ReadmeRegistrationTests {
  @Test func theReadmeShowsTheRegistrationsThatCompileHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let alone = try Self.registration(in: source, after: "enum ReadmeRegistration ", end: "\n])\n")
    #expect(readme.contains("import RKDebugCLI\n\n" + alone))
    let team = try Self.registration(
      in: source, after: "enum ReadmeTeamRegistration ", end: "\n], team: .collector)\n")
    #expect(readme.contains("import RKDebugCLI\nimport RKDebugCollector\n\n" + team))
  }

  /// The text of `source` from the first `await RKDebug.main(` after `marker` through `end`.
  static func registration(in source: String, after marker: String, end: String) throws -> String {
    let enumeration = try #require(source.range(of: marker))
    let start = try #require(
      source.range(of: "await RKDebug.main(", range: enumeration.upperBound..<source.endIndex))
    let stop = try #require(source.range(of: end, range: start.upperBound..<source.endIndex))
    return String(source[start.lowerBound..<stop.upperBound])
  }
}
