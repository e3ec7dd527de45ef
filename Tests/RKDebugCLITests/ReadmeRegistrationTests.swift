import Foundation
import RKDebugCLI
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

@Suite struct ReadmeRegistrationTests {
  @Test func theReadmeShowsTheRegistrationThatCompilesHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let start = try #require(source.range(of: "\nawait RKDebug.main(features: ["))
    let end = try #require(source.range(of: "\n])\n", range: start.upperBound..<source.endIndex))
    let registration = String(source[source.index(after: start.lowerBound)..<end.upperBound])
    #expect(readme.contains("import RKDebugCLI\n\n" + registration))
  }
}
