import Clocks
import Foundation
import ReducerKitSamples
@testable import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestLogTests {
  let temporary = TemporaryDirectory()

  @Test func recordingIntoAnInMemoryLog() async throws {
    let log = try TestLog.inMemory()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter().testDependencies(),
      recording: log, feature: Counter.name
    )
    await store.send(.increment) { $0.count = 1 }
    await store.send(.factButtonTapped) { $0.isLoadingFact = true }
    await store.receive(\.factResponse) {
      $0.isLoadingFact = false
      $0.fact = "1 is the loneliest number."
    }
    let reader = try log.reader()
    #expect(reader.session.feature == "counter")
    #expect(reader.actionCount == 3)
    #expect(try reader.state(Counter.State.self, at: 3) == store.state)
    #expect(try reader.action(at: 3).source == .effect(effectID: 1, parentIndex: 2))
  }

  @Test func recorderAttachedAsMiddleware() async throws {
    let log = try TestLog.inMemory()
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Counter().testDependencies().recording(to: log.actionLog)
    )
    await store.send(.increment) { $0.count = 1 }
    #expect(try log.reader().actionCount == 1)
  }

  @Test func failureMessageNamesTheKeptLogFile() async throws {
    let directory = temporary.path
    let log = try TestLog.file(named: "Counter.failure", in: directory)
    let path = try #require(log.path)
    #expect(path == directory + "/Counter.failure.sqlite")
    await withKnownIssue {
      let store = TestStore(
        initialState: Counter.State(), reducer: Counter().testDependencies(),
        recording: log
      )
      await store.send(.increment) { $0.count = 5 }
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains(
          """
          The store's session is recorded in \(path)
            rkdebug log --db \(path) --session 1
          """
        )
    }
    // The file is kept and readable by another reader, as rkdebug would open it.
    let reader = try ActionLog.readOnly(path: path).reader()
    #expect(reader.actionCount == 1)
  }

  @Test func middlewareLogIsFoundForFailureMessages() async throws {
    let log = try TestLog.file(named: "Counter.middleware", in: temporary.path)
    let path = try #require(log.path)
    await withKnownIssue {
      let store = TestStore(
        initialState: Counter.State(),
        reducer: Counter().testDependencies().recording(to: log.actionLog)
      )
      await store.send(.increment)
    } matching: { issue in
      issue.description.contains("rkdebug log --db \(path) --session 1")
    }
  }

  @Test func recordDirectoryRecordsEveryStoreOneFilePerTest() async throws {
    let directory = temporary.path
    await TestRecordDirectory.$overrideDirectory.withValue(directory) {
      let store = TestStore(initialState: Counter.State()) { Counter().testDependencies() }
      await store.send(.increment) { $0.count = 1 }
      await store.send(.increment) { $0.count = 2 }
    }
    let path = directory + "/TestLogTests.recordDirectoryRecordsEveryStoreOneFilePerTest.sqlite"
    #expect(FileManager.default.fileExists(atPath: path))
    let log = try ActionLog.readOnly(path: path)
    let reader = try log.reader()
    #expect(reader.actionCount == 2)
    #expect(try reader.state(Counter.State.self, at: 2).count == 2)
    // The session names its test, for a search among many (`sessions --metadata test=…`).
    let test = "TestLogTests.recordDirectoryRecordsEveryStoreOneFilePerTest"
    #expect(try log.sessions(matching: SessionQuery(metadata: ["test": test])).count == 1)
    #expect(try log.sessions(matching: SessionQuery(metadata: ["test": "other"])).isEmpty)
  }

  @Test func theAppsMetadataIsStoredBesideTheProcesssOwn() async throws {
    let log = try TestLog.inMemory()
    let store = TestStore(
      initialState: Counter.State(),
      reducer: Counter().testDependencies().recording(
        to: log.actionLog, metadata: ["build": "212", "host": "the app's name for it"])
    )
    await store.send(.increment) { $0.count = 1 }
    let pid = String(ProcessInfo.processInfo.processIdentifier)
    for (metadata, matches) in [
      (["build": "212"], 1), (["build": "212", "pid": pid], 1),
      (["host": "the app's name for it"], 1), (["host": ProcessInfo.processInfo.hostName], 0),
      (["build": "213"], 0),
    ] {
      #expect(
        try log.actionLog.sessions(matching: SessionQuery(metadata: metadata)).count == matches,
        "\(metadata)")
    }
  }

  @Test func recordDirectoryLeavesPlainFeaturesAlone() async {
    let directory = temporary.path
    await TestRecordDirectory.$overrideDirectory.withValue(directory) {
      let store = TestStore(initialState: Tally.State(), reducer: Tally(clock: ImmediateClock()))
      await store.send(.add(1)) { $0.total = 1 }
    }
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    #expect(files.isEmpty)
  }

  @Test func fileOfTheSameNameIsReplacedOncePerRun() throws {
    let directory = temporary.path
    let stale = directory + "/Stale.sqlite"
    _ = FileManager.default.createFile(atPath: stale, contents: Data("not a log".utf8))
    let first = try TestLog.file(named: "Stale", in: directory)
    #expect(try first.actionLog.sessions().isEmpty)
    // A second use in the same run keeps the file (several stores of one test).
    #expect(try TestRecordDirectory.prepareFile(named: "Stale", in: directory) == stale)
    #expect(FileManager.default.fileExists(atPath: stale))
  }

  @Test func testNamesAreFileSafe() {
    let location = TestLocation(
      fileID: "MyTests/Counter Tests.swift", filePath: "/x/Counter Tests.swift", line: 1,
      column: 1
    )
    #expect(
      TestRecordDirectory.testName(location: location, function: "ignored()")
        == "Counter_Tests.testNamesAreFileSafe"
    )
    #expect(TestLog.shellQuoted("/tmp/a b.sqlite") == "'/tmp/a b.sqlite'")
    #expect(TestLog.shellQuoted("/tmp/ab.sqlite") == "/tmp/ab.sqlite")
  }
}
