import Foundation
import ReducerKit
import ReducerKitDebug
import ReducerKitTestSupport
import Testing

@testable import RKDebugCLI

/// `testgen` of a session whose state shares a value: the places of the initial state that held
/// one value hold one constant, a shared change is asserted through its share with `withLock`,
/// and an effect's change (an entry of its own) is asserted with the action the effect sends
/// next. A change made outside the store is made by the test, through the store's share.
@MainActor
@Suite struct SharedTestgenTests {
  static let feature = DebugFeature.feature(
    "scoreboard", summary: "", reducer: { Scoreboard() },
    initialState: { Scoreboard.State(score: Shared(value: 0)) })

  /// The test written for `actions` sent to a scoreboard whose banner shares the score; with
  /// `changeOutside`, the score is changed outside the store after the first action.
  private func generatedTest(
    _ actions: [Scoreboard.Action], changeOutside: Bool = false
  ) async throws -> GeneratedTest {
    let log = try ActionLog.inMemory()
    let score = Shared(value: 0)
    let store = Store<Scoreboard>(
      initialState: Scoreboard.State(score: score),
      reducer: Scoreboard().recording(to: log, feature: "scoreboard")
    )
    for (offset, action) in actions.enumerated() {
      await store.send(action).finish()
      if changeOutside, offset == 0 { score.withLock { $0 = 42 } }
    }
    try log.close()
    let reader = try log.reader()
    return try Self.feature.erased.testSource(
      for: reader,
      request: TestgenRequest(
        range: 1...reader.actionCount, testName: "scoreboardSession", logName: "log.sqlite"))
  }

  @Test func sharedPlacesAreOneConstantAndChangesAreAssertedThroughTheShare() async throws {
    let test = try await generatedTest([.point, .bonusButtonTapped, .point])
    let body = test.source.components(
      separatedBy: "@Test func scoreboardSession() async throws {\n")
    try #require(body.count == 2)
    #expect(
      body[1].hasPrefix(
        """
          let score = Shared(value: 0)
          let store = TestStore(initialState: Scoreboard.State(
            score: score,
            banner: Scoreboard.Banner(score: score)
          )) {
        """))
    #expect(
      body[1].contains(
        """
          await store.send(.point) {
            $0.$score.withLock { $0 = 1 }
            $0.banner.$score.withLock { $0 = 1 }
          }

          await store.send(.bonusButtonTapped)

          await store.receive(\\.bonusGiven) {
            $0.$score.withLock { $0 = 11 }
            $0.banner.$score.withLock { $0 = 11 }
          }

          await store.send(.point) {
            $0.$score.withLock { $0 = 12 }
            $0.banner.$score.withLock { $0 = 12 }
          }

          await store.finish()
        }
        """), "\(test.source)")
    #expect(test.warnings == [])
  }

  @Test func aChangeMadeOutsideTheStoreIsMadeByTheTestThroughTheStoresShare() async throws {
    let test = try await generatedTest([.point, .point], changeOutside: true)
    #expect(
      test.source.contains(
        """
          await store.send(.point) {
            $0.$score.withLock { $0 = 1 }
            $0.banner.$score.withLock { $0 = 1 }
          }

          // Entry 2: $score.withLock outside this store
          store.state.$score.withLock { $0 = 42 }

          await store.send(.point) {
            $0.$score.withLock { $0 = 43 }
            $0.banner.$score.withLock { $0 = 43 }
          }

          await store.finish()
        }
        """), "\(test.source)")
    #expect(test.warnings == [])
  }
}
