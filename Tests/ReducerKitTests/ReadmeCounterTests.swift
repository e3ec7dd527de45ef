import Foundation
import ReducerKit
import Testing

// The counter of README.md, word for word (the test below checks it).
@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable, Codable {
    var count = 0
    var isLoading = false
  }

  enum Action: Equatable, Codable {
    case incrementButtonTapped
    case delayedIncrementButtonTapped
    case delayedIncrementFinished
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementButtonTapped, .delayedIncrementFinished:
        state.count += 1
        state.isLoading = false
        return .none
      case .delayedIncrementButtonTapped:
        state.isLoading = true
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.delayedIncrementFinished)
        }
      }
    }
  }
}

@MainActor
@Suite struct ReadmeCounterTests {
  @Test func theCounterWorksAsTheReadmeSays() async {
    let store = Store(initialState: Counter.State(), reducer: Counter()) {
      $0.continuousClock = ImmediateClock()
    }
    store.send(.incrementButtonTapped)
    await store.send(.delayedIncrementButtonTapped).finish()
    #expect(store.count == 2)
  }

  @Test func theReadmeShowsThisFilesCounterWordForWord() throws {
    let here = URL(fileURLWithPath: #filePath)
    let root = here.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let source = try String(contentsOf: here, encoding: .utf8)
    let start = try #require(source.range(of: "@Reducer\nstruct Counter {"))
    let end = try #require(source.range(of: "\n}\n", range: start.upperBound..<source.endIndex))
    let counter = String(source[start.lowerBound..<end.upperBound])
    #expect(readme.contains("import ReducerKit\n\n" + counter))
  }
}
