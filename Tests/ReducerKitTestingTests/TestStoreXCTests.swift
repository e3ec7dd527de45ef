import Clocks
import ReducerKitSamples
import ReducerKitTestSupport
import ReducerKitTesting
import XCTest

/// `TestStore` under XCTest: passing tests report nothing, and failures go through `XCTFail`
/// (checked here with an injected reporter).
final class TestStoreXCTests: XCTestCase {
  @MainActor
  func testDelayedIncrementWithTestClock() async {
    let clock = CountingTestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter().testDependencies(clock: clock)
    }
    await store.send(.delayedIncrementButtonTapped) { $0.pendingIncrements = 1 }
    await clock.waitForSleeps(1)
    await clock.advance(by: .seconds(1))
    await store.receive(\.delayedIncrementResponse) {
      $0.pendingIncrements = 0
      $0.count = 1
    }
  }

  @MainActor
  func testFailuresAreReported() async {
    let collector = FailureCollector()
    await collector.capture {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.echo("hi"))
      await store.receive(.echoed("ho")) { $0.log = ["hi"] }
    }
    XCTAssertEqual(collector.messages.count, 1)
    XCTAssertTrue(
      collector.messages.first?.hasPrefix("Received unexpected action: …") == true,
      "\(collector.messages)"
    )
  }

  @MainActor
  func testUnfinishedEffectIsReportedWhenTheStoreGoesAway() async {
    let clock = TestClock()
    let collector = FailureCollector()
    await collector.capture {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: clock))
      await store.send(.addLater(1))
    }
    XCTAssertEqual(collector.failures.map(\.line), [#line - 2])
    XCTAssertTrue(
      collector.messages.first?.contains("Action: Tally.Action.addLater(1)") == true,
      "\(collector.messages)"
    )
  }

  @MainActor
  func testReplayDivergenceIsReported() async throws {
    let log = try TestLog.inMemory()
    do {
      let store = TestStore(
        initialState: Counter.State(), reducer: Counter().testDependencies(),
        recording: log
      )
      await store.send(.increment) { $0.count = 1 }
    }
    let collector = FailureCollector()
    await collector.capture {
      assertReplays(log: log, reducer: BrokenCounter())
    }
    XCTAssertEqual(collector.messages.count, 1)
    XCTAssertTrue(
      collector.messages.first?.contains("diverged at action 1") == true, "\(collector.messages)"
    )
  }
}
