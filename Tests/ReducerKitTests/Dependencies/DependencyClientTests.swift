import ReducerKit
import Testing

/// `@DependencyClient` with only `import ReducerKit`, as TCA's example clients are written.
@DependencyClient
struct NumberFactClient: Sendable {
  var fetch: @Sendable (_ number: Int) async throws -> String
}

extension NumberFactClient: TestDependencyKey {
  static let testValue = Self()
}

@Suite struct DependencyClientTests {
  @Test func generatesAnInitialiserAndCallableEndpoints() async throws {
    let client = NumberFactClient(fetch: { "\($0) is a number." })
    #expect(try await client.fetch(number: 7) == "7 is a number.")
  }

  @Test func anUnimplementedEndpointThrowsAndReportsAnIssue() async {
    await withKnownIssue {
      await #expect(throws: (any Error).self) {
        try await NumberFactClient.testValue.fetch(number: 1)
      }
    } matching: { issue in
      issue.description.contains("Unimplemented: 'NumberFactClient.fetch'")
    }
  }
}
